import { Badge } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';

/** Where a vendor's Bid action would be on a request it raised itself (no vendor bids on its own report). */
export const OWN_REPORT_MARK = 'You reported this';

/** The "You reported this" mark, in place of the Bid action (jobs list, request detail, bid dialog). */
export function OwnReportMark({ size = 'lg' }: { size?: 'md' | 'lg' }) {
  return (
    <Badge
      variant="light"
      color="grape"
      size={size}
      tt="none"
      leftSection={<IconFlag size={size === 'lg' ? 14 : 12} aria-hidden />}
      styles={{ root: { minWidth: 'max-content', flexShrink: 0 } }}
    >
      {OWN_REPORT_MARK}
    </Badge>
  );
}
