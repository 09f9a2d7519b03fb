import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { lifecycleErrorMessage } from '#app/requests/lifecycle-error.ts';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { showToast } from '#app/ui/toast.ts';
import { requestNumber } from '#shared/display-names.ts';
import type { VendorDirectoryEntry as VendorListItem } from '#shared/vendor-directory.ts';
import { useInviteVendor, useOpenRequests } from './api.ts';

/** Invites one vendor to one of the manager's open requests. */
export function InviteVendorDialog({
  vendor,
  onClose,
}: {
  vendor: VendorListItem | null;
  onClose: () => void;
}) {
  const requests = useOpenRequests(vendor !== null);
  const invite = useInviteVendor();
  const [requestId, setRequestId] = useState<string | null>(null);

  const close = () => {
    setRequestId(null);
    invite.reset();
    onClose();
  };
  const options = (requests.data ?? []).map((request) => ({
    value: String(request.id),
    label: `${requestNumber(request.id)} · ${request.service_type}${request.property ? ` · ${request.property}` : ''}`,
  }));

  return (
    <Modal
      opened={vendor !== null}
      onClose={close}
      title={vendor ? `Invite ${vendor.name}` : ''}
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack gap="md">
        <Text size="sm">Pick one of your open requests. The vendor is told and can bid on it.</Text>
        {invite.isError ? <ErrorAlert>{lifecycleErrorMessage(invite.error)}</ErrorAlert> : null}
        {requests.isError ? <ErrorAlert>Your open requests could not be loaded.</ErrorAlert> : null}
        <Select
          label="Request"
          placeholder={
            requests.isPending
              ? 'Loading...'
              : options.length === 0
                ? 'You have no open requests'
                : 'Select a request'
          }
          data={options}
          value={requestId}
          onChange={setRequestId}
          disabled={options.length === 0}
          searchable
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            disabled={requestId === null || vendor === null}
            loading={invite.isPending}
            onClick={() =>
              vendor &&
              requestId &&
              invite.mutate(
                { requestId: Number(requestId), vendorId: vendor.id },
                {
                  onSuccess: ({ invited }) => {
                    const already = invited.length === 0;
                    showToast({
                      color: 'green',
                      title: already ? 'Already invited' : 'Vendor invited',
                      message: `${vendor.name} ${already ? 'was already invited' : 'was invited'} to request ${requestNumber(Number(requestId))}.`,
                    });
                    close();
                  },
                },
              )
            }
          >
            Invite
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
