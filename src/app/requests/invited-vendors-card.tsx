import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { lazy } from 'react';
import { LazyDialog } from '#app/ui/lazy-dialog.tsx';
import { BidStatusBadge } from '#app/ui/status-badges.tsx';
import type { InvitedVendor, RequestDetail } from '#shared/request-responses.ts';
import type { InviteVendorsDialogProps } from './invite-vendors-dialog.tsx';

// The picker (its vendor list and checkboxes) loads when Invite vendors is first pressed.
const InviteVendorsDialogChunk = lazy(() =>
  import('./invite-vendors-dialog.tsx').then((m) => ({ default: m.InviteVendorsDialog })),
);

function InvitedVendorRow({ vendor }: { vendor: InvitedVendor }) {
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Text size="sm" fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {vendor.name}
      </Text>
      {vendor.bid_status === null ? (
        <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
          No bid yet
        </Text>
      ) : (
        <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Text size="sm" c="dimmed">
            Bid
          </Text>
          <BidStatusBadge status={vendor.bid_status} />
        </Group>
      )}
    </Group>
  );
}

/**
 * The request's invited vendors and whether each has bid, for its managing side only (the answer's
 * invited_vendors is null for anyone else, and the card is not drawn). While the request is Open,
 * "Invite vendors" opens a picker of the trade's vendors not yet invited.
 */
export function InvitedVendorsCard({ request }: { request: RequestDetail }) {
  const [pickerOpen, picker] = useDisclosure(false);
  const invited = request.invited_vendors;
  if (invited === null) return null;
  const mayInvite = request.status === 'open';
  const dialogProps: InviteVendorsDialogProps = {
    opened: pickerOpen,
    onClose: picker.close,
    requestId: request.id,
    category: request.type,
    invitedIds: invited.map((vendor) => vendor.id),
  };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="invited-vendors-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Title order={2} fz="h4" id="invited-vendors-title">
              Invited vendors
            </Title>
            {invited.length > 0 ? (
              <Badge variant="light" color="gray" aria-label={`${invited.length} invited`}>
                {invited.length}
              </Badge>
            ) : null}
          </Group>
          {mayInvite ? (
            <Button
              variant="light"
              size="sm"
              leftSection={<IconUserPlus size={16} aria-hidden />}
              onClick={picker.open}
              aria-haspopup="dialog"
            >
              Invite vendors
            </Button>
          ) : null}
        </Group>
        {request.invite_all ? (
          <Text size="sm">Open to all vendors: every approved vendor may see it and bid.</Text>
        ) : null}
        {invited.length === 0 ? (
          <Text size="sm" c="dimmed">
            No vendors invited yet
          </Text>
        ) : (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {invited.map((vendor) => (
              <InvitedVendorRow key={vendor.id} vendor={vendor} />
            ))}
          </Stack>
        )}
      </Stack>
      {mayInvite ? (
        <LazyDialog dialog={InviteVendorsDialogChunk} open={pickerOpen} props={dialogProps} />
      ) : null}
    </Card>
  );
}
