import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import type { RequestDetail } from '#shared/request-responses.ts';
import { useOpenToVendors } from './lifecycle-api.ts';
import { lifecycleErrorMessage } from './lifecycle-error.ts';

/**
 * The managing side's choice on a vendor's report, held for them since it was raised: open it to the
 * vendors of its trade, or to every vendor ('Invite All Vendors', the spec's words for invite_all).
 * Inviting chosen vendors is the other way in (the Vendors page). Shown while it is held and Open.
 */
export function HeldReportCard({ request }: { request: RequestDetail }) {
  const [inviteAll, setInviteAll] = useState(false);
  const open = useOpenToVendors(request.id);
  if (request.is_open_to_vendors || request.status !== 'open') return null;
  return (
    <Alert color="grape" variant="light" title="Raised by a vendor: not yet open to vendors">
      <Stack gap="sm">
        <Text size="sm">
          Only your team and the vendor who reported it see this request, its photos and its place on the
          floor plan. Open it when other vendors should see it and bid.
        </Text>
        <Checkbox
          label="Invite All Vendors"
          description="Otherwise only vendors of its service type see it."
          checked={inviteAll}
          onChange={(event) => setInviteAll(event.currentTarget.checked)}
        />
        {open.isError ? <ErrorAlert>{lifecycleErrorMessage(open.error)}</ErrorAlert> : null}
        <Group>
          <Button
            leftSection={<IconLockOpen size={16} aria-hidden />}
            loading={open.isPending}
            onClick={() => open.mutate({ invite_all: inviteAll })}
          >
            Open to vendors
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
