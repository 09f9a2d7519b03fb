import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCloudCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useOfflineSession, useOnline, useOutboxItems } from '#app/offline/outbox-hooks.ts';
import { discardOutboxItem, editOutboxItem, retryRefused } from '#app/offline/outbox-store.ts';
import type { OutboxItem } from '#app/offline/user-db.ts';
import { openConfirmDialog } from '#app/ui/confirm-dialog.ts';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { ScreenTitle } from '#app/ui/screen-title.tsx';
import { showToast } from '#app/ui/toast.ts';
import { KeptJobsPanel } from './kept-jobs-panel.tsx';
import { OutboxEditForm } from './outbox-edit-form.tsx';

const STATE_BADGE: Record<OutboxItem['state'], { label: string; color: string }> = {
  pending: { label: 'Waiting', color: 'yellow' },
  sending: { label: 'Sending', color: 'blue' },
  refused: { label: 'Refused', color: 'red' },
};

/** The text the user wrote for this write: a message, a request's description, a completion note. */
function textOf(item: OutboxItem): string | null {
  for (const field of ['content', 'description', 'note'] as const) {
    const value = item.body[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

function photosText(count: number): string | null {
  if (count === 0) return null;
  return count === 1 ? 'With 1 photo' : `With ${count} photos`;
}

function reasonOf(item: OutboxItem): string | null {
  if (item.refusal) return item.refusal.message;
  return item.lastFailure;
}

/** /vendor/outbox: every write made on this phone that has no answer from the server yet, or was refused. */
export function OutboxPage() {
  const session = useOfflineSession();
  const items = useOutboxItems();
  const online = useOnline();
  const [editing, setEditing] = useState<OutboxItem | null>(null);

  async function act(work: () => Promise<unknown>, done: string) {
    try {
      await work();
      void session?.sender.flush({ immediate: true });
      showToast({ message: done, color: 'green' });
    } catch (error) {
      showToast({ message: error instanceof Error ? error.message : 'That did not work.', color: 'red' });
    }
  }

  function confirmDiscard(item: OutboxItem) {
    openConfirmDialog({
      title: 'Discard this write?',
      children: (
        <Text size="sm">
          {`"${item.label}" has not reached the server and will be deleted from this phone. This cannot be undone.`}
        </Text>
      ),
      labels: { confirm: 'Discard', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => void act(() => discardOutboxItem(session!.db, item.seq), 'Write discarded.'),
    });
  }

  return (
    <Stack gap="md" maw={760}>
      <ScreenTitle>Outbox</ScreenTitle>
      <Text c="dimmed" size="sm">
        Bids, messages, requests and completions with their photos, made without a connection, wait here and
        are sent in order when the network returns. A write the server refused stays until you edit or discard
        it.
      </Text>
      {!session ? (
        <ErrorAlert>
          The outbox opens once your account is known on this device. Connect once and reload.
        </ErrorAlert>
      ) : items.length === 0 ? (
        <Card withBorder padding="lg">
          <Group gap="sm" wrap="nowrap">
            <IconCloudCheck size={24} aria-hidden />
            <Text>Nothing waiting. Everything you wrote has reached the server.</Text>
          </Group>
        </Card>
      ) : (
        <>
          <Group justify="space-between">
            <Text size="sm">
              {online ? 'Online: sending in order.' : 'Offline: these are sent when the network returns.'}
            </Text>
            <Button size="xs" variant="light" disabled={!online} onClick={() => void session.sender.resume()}>
              Send now
            </Button>
          </Group>
          <Stack
            component="ul"
            gap="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Waiting writes"
          >
            {items.map((item) => {
              const badge = STATE_BADGE[item.state];
              const reason = reasonOf(item);
              return (
                <li key={item.seq} data-testid="outbox-item">
                  <Card withBorder padding="md">
                    <Stack gap={6}>
                      <Group justify="space-between" wrap="nowrap" align="flex-start">
                        <Text fw={600}>{item.label}</Text>
                        <Badge color={badge.color} variant="light" style={{ flexShrink: 0 }}>
                          {badge.label}
                        </Badge>
                      </Group>
                      <Text size="xs" c="dimmed">
                        {`Made ${new Date(item.createdAt).toLocaleString()}${item.attempts > 0 ? ` · ${item.attempts} ${item.attempts === 1 ? 'try' : 'tries'}` : ''}`}
                      </Text>
                      {textOf(item) ? (
                        <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-wrap' }}>
                          {textOf(item)}
                        </Text>
                      ) : null}
                      {photosText(item.photos.length) ? (
                        <Text size="xs" c="dimmed">
                          {photosText(item.photos.length)}
                        </Text>
                      ) : null}
                      {reason ? (
                        <Text
                          size="sm"
                          c={item.refusal ? 'red' : 'dimmed'}
                          role={item.refusal ? 'alert' : undefined}
                        >
                          {item.refusal?.code ? `${reason} (${item.refusal.code})` : reason}
                        </Text>
                      ) : null}
                      <Group gap="xs" mt={4}>
                        {item.state === 'refused' ? (
                          <Button
                            size="xs"
                            variant="light"
                            onClick={() =>
                              void act(() => retryRefused(session.db, item.seq), 'Sending again.')
                            }
                          >
                            Retry
                          </Button>
                        ) : null}
                        <Button
                          size="xs"
                          variant="default"
                          disabled={item.state === 'sending'}
                          onClick={() => setEditing(item)}
                        >
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          disabled={item.state === 'sending'}
                          onClick={() => confirmDiscard(item)}
                        >
                          Discard
                        </Button>
                      </Group>
                    </Stack>
                  </Card>
                </li>
              );
            })}
          </Stack>
        </>
      )}
      {session ? <KeptJobsPanel /> : null}
      {editing && session ? (
        <OutboxEditForm
          item={editing}
          onClose={() => setEditing(null)}
          onSave={(body) =>
            act(() => editOutboxItem(session.db, editing.seq, body), 'Saved. Sending in order.')
          }
        />
      ) : null}
    </Stack>
  );
}
