import { Button, Group, Text } from '@mantine/core';

/** 'Page X of Y' with Previous and Next (signed-in spec, section 2). */
export function Pager({
  page,
  totalPages,
  onChange,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}) {
  const last = Math.max(1, totalPages);
  return (
    <nav aria-label="Pagination">
      <Group justify="space-between" gap="sm" mt="md">
        <Button variant="default" disabled={page <= 1} onClick={() => onChange(page - 1)}>
          Previous
        </Button>
        <Text size="sm" aria-live="polite">
          Page {page} of {last}
        </Text>
        <Button variant="default" disabled={page >= last} onClick={() => onChange(page + 1)}>
          Next
        </Button>
      </Group>
    </nav>
  );
}
