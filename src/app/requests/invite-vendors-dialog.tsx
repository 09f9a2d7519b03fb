import {
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { showToast } from '#app/ui/toast.ts';
import { requestNumber } from '#shared/display-names.ts';
import { useVendorsByCategory } from './api.ts';
import { useInviteVendors } from './lifecycle-api.ts';
import { lifecycleErrorMessage } from './lifecycle-error.ts';

/** Above this many vendors to choose from, the picker offers a search box. */
const SEARCH_FROM = 7;

export interface InviteVendorsDialogProps {
  opened: boolean;
  onClose: () => void;
  requestId: number;
  /** The request's service type: the picker offers the vendors who work in it. */
  category: string;
  /** Vendors already invited, left out of the choice. */
  invitedIds: readonly number[];
}

/** "A, B and C" for the confirmation. */
function namesText(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The request detail's vendor picker: the active, approved vendors of the request's trade that are
 * not invited yet (GET /api/vendors/?category=), invited together with POST
 * /api/requests/{id}/invitations/; each one invited gets the invitation notice.
 */
export function InviteVendorsDialog({
  opened,
  onClose,
  requestId,
  category,
  invitedIds,
}: InviteVendorsDialogProps) {
  const vendors = useVendorsByCategory(category, opened);
  const invite = useInviteVendors(requestId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const phone = useMediaQuery('(max-width: 36em)');

  const close = () => {
    setChosen([]);
    setSearch('');
    invite.reset();
    onClose();
  };
  const offered = (vendors.data ?? []).filter((vendor) => !invitedIds.includes(vendor.id));
  const needle = search.trim().toLowerCase();
  const shown = needle ? offered.filter((vendor) => vendor.name.toLowerCase().includes(needle)) : offered;
  // A vendor invited meanwhile (by a colleague) drops out of the choice, and out of what is sent.
  const picked = chosen.filter((id) => offered.some((vendor) => String(vendor.id) === id));

  const submit = () =>
    invite.mutate(
      { vendors: picked.map(Number) },
      {
        onSuccess: ({ invited }) => {
          showToast({
            color: 'green',
            title:
              invited.length === 0
                ? 'Already invited'
                : invited.length === 1
                  ? 'Vendor invited'
                  : 'Vendors invited',
            message:
              invited.length === 0
                ? 'Those vendors were already invited.'
                : `${namesText(invited.map((vendor) => vendor.name))} ${invited.length === 1 ? 'was' : 'were'} invited to request ${requestNumber(requestId)}.`,
          });
          close();
        },
      },
    );

  // Something to choose from: otherwise the dialog only says why not, and offers Close.
  const choosing = vendors.isSuccess && offered.length > 0;
  let body: ReactNode;
  if (vendors.isPending) {
    body = (
      <Center py="lg" role="status" aria-label="Loading vendors">
        <Loader size="sm" />
      </Center>
    );
  } else if (vendors.isError) {
    body = (
      <Stack gap="sm">
        <ErrorAlert>The vendors could not be loaded. Please try again.</ErrorAlert>
        <Group>
          <Button variant="default" onClick={() => void vendors.refetch()} loading={vendors.isFetching}>
            Try again
          </Button>
        </Group>
      </Stack>
    );
  } else if (offered.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {(vendors.data ?? []).length === 0
          ? `No approved vendors work in ${category} yet.`
          : `Every approved ${category} vendor is already invited.`}
      </Text>
    );
  } else {
    body = (
      <Stack gap="sm">
        {offered.length >= SEARCH_FROM ? (
          <TextInput
            label="Search vendors"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
        ) : null}
        <Checkbox.Group
          label="Vendors"
          description={`Approved vendors who work in ${category}, not yet invited`}
          value={picked}
          onChange={setChosen}
        >
          <ScrollArea.Autosize mah={phone ? undefined : 320} type="auto" offsetScrollbars>
            <Stack gap="sm" mt="xs">
              {shown.map((vendor) => (
                <Checkbox key={vendor.id} value={String(vendor.id)} label={vendor.name} />
              ))}
              {shown.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No vendor matches “{search.trim()}”.
                </Text>
              ) : null}
            </Stack>
          </ScrollArea.Autosize>
        </Checkbox.Group>
      </Stack>
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Invite vendors"
      fullScreen={phone}
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack gap="md">
        <Text size="sm">Each vendor you invite is told and can bid on this request.</Text>
        {invite.isError ? <ErrorAlert>{lifecycleErrorMessage(invite.error)}</ErrorAlert> : null}
        {body}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {choosing ? 'Cancel' : 'Close'}
          </Button>
          {choosing ? (
            <Button disabled={picked.length === 0} loading={invite.isPending} onClick={submit}>
              {picked.length === 0
                ? 'Invite'
                : `Invite ${picked.length} ${picked.length === 1 ? 'vendor' : 'vendors'}`}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
