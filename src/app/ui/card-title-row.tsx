import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The first line of a list's card on a phone: what the row is, and its status badge at the right. */
export function CardTitleRow({ title, badge }: { title: ReactNode; badge: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" mb={4}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {badge}
    </Group>
  );
}
