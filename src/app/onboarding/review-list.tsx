import { SimpleGrid, Text } from '@mantine/core';

/** The Review step of both wizards: every answer under its label. */
export function ReviewList({ rows }: { rows: { label: string; value: string }[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" component="dl" m={0}>
      {rows.map((row) => (
        <div key={row.label}>
          <Text component="dt" size="sm" c="dimmed">
            {row.label}
          </Text>
          <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
            {row.value === '' ? '—' : row.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
