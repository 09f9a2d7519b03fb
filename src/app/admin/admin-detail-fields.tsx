import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled value in an admin drawer; an empty value shows a dash. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }} component="div">
        {children === '' || children === null || children === undefined ? '—' : children}
      </Text>
    </div>
  );
}

/** Labelled values two to a row from the xs breakpoint up. */
export function DetailGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
      {children}
    </SimpleGrid>
  );
}

/** A titled group of labelled values. */
export function DetailFieldGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {title}
      </Title>
      <DetailGrid>{children}</DetailGrid>
    </Stack>
  );
}
