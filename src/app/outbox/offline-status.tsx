import { Badge, Box, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useAuthStatus, userOf } from '#app/auth/api.ts';
import { useOfflineSessionSync } from '#app/auth/use-offline-session-sync.ts';
import { useOnline, useOutboxCounts } from '#app/offline/outbox-hooks.ts';
import { vendorPaths } from '#app/route-paths.ts';

function countText(waiting: number, refused: number): string {
  const parts: string[] = [];
  if (waiting > 0) parts.push(`${waiting} waiting`);
  if (refused > 0) parts.push(`${refused} refused`);
  return parts.join(', ');
}

/**
 * The top bar's field status: an "Offline" mark while the phone has no network, and how many writes
 * wait to be sent (or were refused), linking vendors to the Outbox view. It also opens the signed-in
 * user's field database (see useOfflineSessionSync).
 */
export function OfflineStatus() {
  useOfflineSessionSync();
  const online = useOnline();
  const { waiting, refused } = useOutboxCounts();
  const { data } = useAuthStatus();
  const isVendor = userOf(data)?.type === 'vendor';
  const pending = waiting + refused;
  const label = countText(waiting, refused);
  const description = `${label} ${waiting + refused === 1 ? 'write' : 'writes'} in the outbox`;

  const badgeProps = {
    color: refused > 0 ? 'red' : 'yellow',
    variant: 'light',
    size: 'lg',
    px: 8,
    leftSection: (
      <Box component="span" visibleFrom="sm" display="flex">
        <IconCloudUpload size={14} aria-hidden />
      </Box>
    ),
    style: { textTransform: 'none' },
    'aria-label': `Outbox: ${description}`,
    'data-testid': 'outbox-count',
    children: pending,
  } as const;
  const count =
    pending === 0 ? null : (
      <Tooltip label={description}>
        {isVendor ? (
          <Badge
            component={Link}
            to={vendorPaths.outbox}
            {...badgeProps}
            style={{ ...badgeProps.style, cursor: 'pointer' }}
          />
        ) : (
          <Badge {...badgeProps} />
        )}
      </Tooltip>
    );

  return (
    <Group gap={6} wrap="nowrap" aria-live="polite" style={{ flexShrink: 0 }}>
      {online ? null : (
        <Badge
          color="gray"
          variant="filled"
          size="lg"
          px={8}
          leftSection={<IconCloudOff size={14} aria-hidden />}
          style={{ textTransform: 'none' }}
          data-testid="offline-indicator"
        >
          {/* On a phone the cloud icon alone says it; the top bar has no room for the word. */}
          <Box component="span" visibleFrom="sm" aria-hidden>
            Offline
          </Box>
          <VisuallyHidden>
            Offline: changes are saved on this device and sent when the network returns
          </VisuallyHidden>
        </Badge>
      )}
      {count}
    </Group>
  );
}
