import { Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

/** A screen's heading, also used as the browser tab's title. */
export function ScreenTitle({ children }: { children: string }) {
  useDocumentTitle(`${children} · FieldBid`);
  return (
    <Title order={1} fz="h2" mb="md">
      {children}
    </Title>
  );
}
