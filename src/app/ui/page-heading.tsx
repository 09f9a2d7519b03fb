import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's one h1 and the dimmed line under it saying what the page is for. */
export function PageHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Title order={1} fz="h2">
        {title}
      </Title>
      <Text c="dimmed" mt={4}>
        {children}
      </Text>
    </div>
  );
}
