import { Anchor, Badge, Group, Modal, ScrollArea, Stack, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useAuthStatus, userOf } from '#app/auth/api.ts';
import type { AdminMail } from '#shared/admin-mail.ts';
import { AdminPagedRows } from './admin-paged-rows.tsx';
import { AdminSectionHeader } from './admin-section-header.tsx';
import { AdminTableAndCards } from './admin-table-and-cards.tsx';
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

/**
 * The message as staff may read it: the text body, with single-use links masked unless a superuser
 * asked for them whole (the dev transport delivers nowhere).
 */
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

/** What the masking means, and for a superuser the switch that lifts it. */
function LinkMasking({
  masked,
  superuser,
  unmasked,
  onUnmaskedChange,
}: {
  masked: boolean;
  superuser: boolean;
  unmasked: boolean;
  onUnmaskedChange: (value: boolean) => void;
}) {
  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed">
        {masked
          ? 'Single-use links (set or reset a password, confirm an email address) show ••• in place of their secret. The recipient got the whole link.'
          : 'Single-use links are shown whole: anyone who opens one acts as its recipient.'}
      </Text>
      {superuser ? (
        <Switch
          label="Show single-use links whole (superusers only)"
          checked={unmasked}
          onChange={(event) => onUnmaskedChange(event.currentTarget.checked)}
        />
      ) : null}
    </Stack>
  );
}

/** /admin/mail: every mail the outbox holds, newest first, 10 a page. */
export function MailSection() {
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<AdminMail | null>(null);
  const [unmasked, setUnmasked] = useState(false);
  const superuser = userOf(useAuthStatus().data)?.is_superuser ?? false;
  const mail = useAdminMail(page, superuser && unmasked);
  const rows = mail.data?.results ?? [];

  return (
    <Stack gap="md">
      <AdminSectionHeader title="Sent mail">
        Every message FieldBid has queued, with its delivery status.
        {mail.data ? ` ${mail.data.count} in all.` : ''}
      </AdminSectionHeader>

      <LinkMasking
        masked={mail.data?.links_masked ?? true}
        superuser={superuser}
        unmasked={unmasked}
        onUnmaskedChange={(value) => {
          setUnmasked(value);
          setViewing(null);
        }}
      />

      <AdminPagedRows
        list={mail}
        label="mail"
        emptyText="No mail has been sent yet."
        page={page}
        onPage={setPage}
      >
        <AdminTableAndCards
          rows={rows}
          rowKey={(item) => item.id}
          head={['Subject', 'Recipient', 'Status', 'Created']}
          cells={(item) => (
            <>
              <Table.Td>
                <SubjectButton mail={item} onOpen={setViewing} />
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.to}</Table.Td>
              <Table.Td>
                <MailStatus mail={item} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{when.format(new Date(item.created_at))}</Table.Td>
            </>
          )}
          card={(item) => (
            <>
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
            </>
          )}
        />
      </AdminPagedRows>

      <MailDialog mail={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
