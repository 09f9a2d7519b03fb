import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A staff console section's heading and the dimmed line under it saying what the section is for. */
export function AdminSectionHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Text component="h2" fz="h3" fw={700}>
        {title}
      </Text>
      <Text c="dimmed" size="sm">
        {children}
      </Text>
    </div>
  );
}
