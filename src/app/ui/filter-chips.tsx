import { Badge, Button, CloseButton, Group } from '@mantine/core';

export interface FilterChip {
  label: string;
  remove: () => void;
}

/**
 * The row of active filters above a list, each removable, with "Clear all". Mantine's Pill hides its
 * remove button from keyboards and screen readers, so each chip carries a real button.
 */
export function FilterChips({ chips, clearAll }: { chips: FilterChip[]; clearAll: () => void }) {
  if (chips.length === 0) return null;
  return (
    <Group gap="xs" role="group" aria-label="Active filters">
      {chips.map((chip) => (
        <Badge
          key={chip.label}
          size="lg"
          variant="light"
          color="gray"
          tt="none"
          fw={500}
          rightSection={<CloseButton size="xs" aria-label={`Remove ${chip.label}`} onClick={chip.remove} />}
        >
          {chip.label}
        </Badge>
      ))}
      <Button variant="subtle" size="xs" onClick={clearAll}>
        Clear all
      </Button>
    </Group>
  );
}
