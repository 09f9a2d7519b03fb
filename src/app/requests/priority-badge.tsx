import { Badge } from '@mantine/core';
import type { Priority } from '#shared/statuses.ts';

const PRIORITY_COLORS: Record<Priority, string> = {
  low: 'gray',
  medium: 'blue',
  high: 'orange',
  urgent: 'red',
};

/** low, medium, high, urgent (signed-in spec, section 4). */
export function PriorityBadge({ priority }: { priority: Priority }) {
  return (
    <Badge color={PRIORITY_COLORS[priority]} variant="outline">
      {priority}
    </Badge>
  );
}
