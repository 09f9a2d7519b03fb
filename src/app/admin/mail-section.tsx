import {
  Anchor,
  Badge,
  Box,
  Group,
  Modal,
  Pagination,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import type { AdminMail } from '#shared/admin-mail.ts';
import { AdminSectionState } from './admin-section-state.tsx';
import { useAdminMail } from './api.ts';

const STATUS_COLORS: Record<AdminMail['status'], string> = {
  sent: 'green',
  pending: 'yellow',
  failed: 'red',
};
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function MailStatus({ mail }: { mail: AdminMail }) {
  return (
    <Badge color={STATUS_COLORS[mail.status]} variant="light">
      {mail.status}
    </Badge>
  );
}

/** The subject opens the message. */
function SubjectButton({ mail, onOpen }: { mail: AdminMail; onOpen: (mail: AdminMail) => void }) {
  return (
    <Anchor component="button" type="button" onClick={() => onOpen(mail)} ta="left" fw={600}>
      {mail.subject}
    </Anchor>
  );
}

/** The message as it was sent: the text body, links included (the dev transport delivers nowhere). */
function MailDialog({ mail, onClose }: { mail: AdminMail | null; onClose: () => void }) {
  return (
    <Modal
      opened={mail !== null}
      onClose={onClose}
      title={mail?.subject ?? ''}
      size="xl"
      centered
      styles={{ title: { fontWeight: 700 } }}
    >
      {mail ? (
        <Stack gap="sm">
          <Group gap="xs" wrap="wrap">
            <Text size="sm">
              To <b>{mail.to}</b>
            </Text>
            <MailStatus mail={mail} />
            <Text size="sm" c="dimmed">
              {when.format(new Date(mail.created_at))}
            </Text>
          </Group>
          <ScrollArea.Autosize mah="60vh" type="auto">
            <Text
              component="pre"
              size="sm"
              ff="monospace"
              m={0}
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {mail.text}
            </Text>
          </ScrollArea.Autosize>
        </Stack>
      ) : null}
    </Modal>
  );
}

/** /admin/mail: every mail the outbox holds, newest first, 10 a page. */
export function MailSection() {
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<AdminMail | null>(null);
  const mail = useAdminMail(page);
  const rows = mail.data?.results ?? [];

  return (
    <Stack gap="md">
      <div>
        <Text component="h2" fz="h3" fw={700}>
          Sent mail
        </Text>
        <Text c="dimmed" size="sm">
          Every message FieldBid has queued, with its delivery status.
          {mail.data ? ` ${mail.data.count} in all.` : ''}
        </Text>
      </div>

      <AdminSectionState
        loading={mail.isPending}
        error={mail.isError}
        empty={rows.length === 0}
        emptyText="No mail has been sent yet."
        onRetry={() => mail.refetch()}
        label="mail"
      />

      {rows.length > 0 ? (
        <>
          <Box visibleFrom="md" style={{ opacity: mail.isPlaceholderData ? 0.6 : 1 }}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Subject</Table.Th>
                  <Table.Th>Recipient</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>
                      <SubjectButton mail={item} onOpen={setViewing} />
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.to}</Table.Td>
                    <Table.Td>
                      <MailStatus mail={item} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {when.format(new Date(item.created_at))}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          {/* Phones: one card per mail instead of four columns. */}
          <Stack hiddenFrom="md" gap="sm" style={{ opacity: mail.isPlaceholderData ? 0.6 : 1 }}>
            {rows.map((item) => (
              <Paper key={item.id} withBorder radius="md" p="md">
                <SubjectButton mail={item} onOpen={setViewing} />
                <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
                  {item.to}
                </Text>
                <Group gap="xs" mt={6}>
                  <MailStatus mail={item} />
                  <Text size="xs" c="dimmed">
                    {when.format(new Date(item.created_at))}
                  </Text>
                </Group>
              </Paper>
            ))}
          </Stack>
        </>
      ) : null}

      {mail.data && mail.data.total_pages > 1 ? (
        <Pagination
          total={mail.data.total_pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      ) : null}

      <MailDialog mail={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
