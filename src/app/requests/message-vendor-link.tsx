import { Anchor, Group } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { managerConversationPath } from '#app/route-paths.ts';

/**
 * "Message this vendor" on a bid row of the manager's request detail: opens the manager's thread
 * with that vendor about this request. A plain link, so it is reached with Tab and opened with
 * Enter, and its name says which vendor (the visible text is the same on every row).
 */
export function MessageVendorLink({
  requestId,
  vendorId,
  vendorName,
}: {
  requestId: number;
  vendorId: number;
  vendorName: string;
}) {
  return (
    <Anchor
      component={Link}
      to={managerConversationPath(requestId, vendorId)}
      size="xs"
      aria-label={`Message ${vendorName}`}
      // A 24px-tall target for a finger at phone width (WCAG 2.5.8), without widening the row.
      display="inline-block"
      py={4}
    >
      <Group component="span" gap={4} wrap="nowrap">
        <IconMessage size={14} aria-hidden />
        Message this vendor
      </Group>
    </Anchor>
  );
}
