import { Button, Center, Loader, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import type { BidRevision } from '#shared/bid-responses.ts';
import { formatDateTime } from '#shared/date-display.ts';
import { useBidHistory } from './api.ts';
import { bidTermChanges, offerText, type TermChange } from './bid-changes.ts';

const LOAD_FAILURE = "Failed to load the bid's history. Please try again.";

/** What changed, term by term: before and after side by side. */
export function TermChangesTable({
  changes,
  beforeLabel,
  afterLabel,
  caption,
}: {
  changes: readonly TermChange[];
  beforeLabel: string;
  afterLabel: string;
  caption: string;
}) {
  return (
    <Table withTableBorder fz="sm" verticalSpacing={4} aria-label={caption}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Term</Table.Th>
          <Table.Th scope="col">{beforeLabel}</Table.Th>
          <Table.Th scope="col">{afterLabel}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((change) => (
          <Table.Tr key={change.what}>
            <Table.Th scope="row" fw={600}>
              {change.what}
            </Table.Th>
            <Table.Td c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {change.before}
            </Table.Td>
            <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
              {change.after}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function RevisionView({ revision, previous }: { revision: BidRevision; previous: BidRevision | undefined }) {
  const who = revision.changed_by ? ` by ${revision.changed_by}` : '';
  const when = formatDateTime(revision.created_at);
  const changes = previous ? bidTermChanges(previous, revision) : [];
  return (
    <Paper withBorder radius="sm" p="xs" component="li" aria-label={`Version ${revision.version}`}>
      <Stack gap={6}>
        <Text size="sm" fw={700}>
          Version {revision.version} · {previous ? 'Changed' : 'Placed'} {when}
          {who}
        </Text>
        {previous === undefined ? (
          <Text size="sm">{offerText(revision)}</Text>
        ) : changes.length > 0 ? (
          <TermChangesTable
            changes={changes}
            beforeLabel={`Version ${previous.version}`}
            afterLabel={`Version ${revision.version}`}
            caption={`What changed in version ${revision.version}`}
          />
        ) : (
          <Text size="sm" c="dimmed">
            No change to its price, time, start or notes.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Every version of the bid, newest first, each with what changed from the one before. */
function BidHistoryList({ bidId, enabled }: { bidId: number; enabled: boolean }) {
  const history = useBidHistory(bidId, enabled);
  if (history.isPending) {
    return (
      <Center py="md" role="status" aria-label="Loading the bid's history">
        <Loader size="sm" />
      </Center>
    );
  }
  if (history.isError) return <ErrorAlert>{LOAD_FAILURE}</ErrorAlert>;
  const revisions = history.data.revisions;
  return (
    <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {revisions
        .map((revision, index) => ({ revision, previous: revisions[index - 1] }))
        .reverse()
        .map(({ revision, previous }) => (
          <RevisionView key={revision.version} revision={revision} previous={previous} />
        ))}
    </Stack>
  );
}

/**
 * "Edited", on a bid the vendor changed since placing it (version above 1): opens its history, what
 * changed in each version and when, so the manager knows what an award would pay and what it was.
 */
export function BidEditedButton({
  bidId,
  version,
  vendorName,
}: {
  bidId: number;
  version: number | undefined;
  vendorName: string;
}) {
  const [opened, setOpened] = useState(false);
  if (version === undefined || version < 2) return null;
  return (
    <>
      <Button
        variant="light"
        color="orange"
        size="compact-xs"
        leftSection={<IconHistory size={14} aria-hidden />}
        onClick={() => setOpened(true)}
        aria-label={`Edited: what ${vendorName} changed`}
      >
        Edited
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Changes to the bid from ${vendorName}`}
        size="lg"
        styles={{ title: { fontWeight: 700 } }}
      >
        <BidHistoryList bidId={bidId} enabled={opened} />
      </Modal>
    </>
  );
}
