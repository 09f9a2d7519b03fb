import { Badge, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import {
  type AdminDelivery,
  type AdminDeliveryPage,
  DELIVERY_STATUSES,
  type DeliveryStatus,
} from '#shared/admin-deliveries.ts';
import {
  CATEGORY_LABELS,
  CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
} from '#shared/notification-preferences.ts';
import { AdminPagedRows } from './admin-paged-rows.tsx';
import { AdminSectionHeader } from './admin-section-header.tsx';
import { AdminTableAndCards } from './admin-table-and-cards.tsx';
import { useAdminDeliveries } from './deliveries-api.ts';

const STATUS_COLORS: Record<DeliveryStatus, string> = {
  queued: 'blue',
  held: 'violet',
  sent: 'green',
  failed: 'red',
  cancelled: 'gray',
};
const MAIL_COLORS: Record<string, string> = { sent: 'green', pending: 'yellow', failed: 'red' };
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function DeliveryStatusBadges({ delivery }: { delivery: AdminDelivery }) {
  return (
    <Group gap={4} wrap="wrap">
      <Badge color={STATUS_COLORS[delivery.status]} variant="light">
        {delivery.status}
      </Badge>
      {delivery.mail_status ? (
        <Badge
          color={MAIL_COLORS[delivery.mail_status] ?? 'gray'}
          variant="outline"
          title="The outbox mail's own status"
        >
          mail {delivery.mail_status}
        </Badge>
      ) : null}
      {delivery.attempts > 1 ? (
        <Badge color="orange" variant="outline">
          {`${delivery.attempts} attempts`}
        </Badge>
      ) : null}
    </Group>
  );
}

/** Why it is where it is: the failure reason, or when a held or queued delivery goes out. */
function Detail({ delivery }: { delivery: AdminDelivery }) {
  const waiting = delivery.status === 'held' || delivery.status === 'queued';
  const next = when.format(new Date(delivery.send_after));
  if (delivery.last_error) {
    return (
      <Stack gap={2}>
        <Text
          size="sm"
          c={delivery.status === 'failed' ? 'red.8' : 'dimmed'}
          style={{ overflowWrap: 'anywhere' }}
        >
          {delivery.last_error}
        </Text>
        {waiting ? <Text size="xs" c="dimmed">{`Next try ${next}`}</Text> : null}
      </Stack>
    );
  }
  if (waiting) {
    return (
      <Text size="sm" c="dimmed">
        {delivery.status === 'held' ? `Quiet hours: held until ${next}` : `Not before ${next}`}
      </Text>
    );
  }
  if (delivery.sent_at) {
    return (
      <Text size="sm" c="dimmed">
        {`Sent ${when.format(new Date(delivery.sent_at))}`}
      </Text>
    );
  }
  return null;
}

/** Per channel: sent, failed and waiting, all time. */
function Totals({ totals }: { totals: AdminDeliveryPage['totals'] }) {
  const of = (channel: NotificationChannel, statuses: DeliveryStatus[]) =>
    totals
      .filter((row) => row.channel === channel && statuses.includes(row.status))
      .reduce((sum, row) => sum + row.count, 0);
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
      {NOTIFICATION_CHANNELS.map((channel) => (
        <Paper key={channel} withBorder radius="md" p="sm">
          <Text fw={700}>{CHANNEL_LABELS[channel]}</Text>
          <Text size="sm">
            {`${of(channel, ['sent'])} sent · ${of(channel, ['failed'])} failed · ${of(channel, ['queued', 'held'])} waiting`}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

const channelChoices = [
  { value: 'all', label: 'All' },
  ...NOTIFICATION_CHANNELS.map((channel) => ({ value: channel, label: CHANNEL_LABELS[channel] })),
];
const statusChoices = [
  { value: 'all', label: 'Any status' },
  ...DELIVERY_STATUSES.map((status) => ({ value: status, label: status })),
];

/**
 * /admin/deliveries: every notification's email, text and push, newest first, with its
 * status, attempts and the reason of a failure, so staff can see what reached people and what did not.
 */
export function DeliveriesSection() {
  const [page, setPage] = useState(1);
  const [channel, setChannel] = useState<NotificationChannel | null>(null);
  const [status, setStatus] = useState<DeliveryStatus | null>(null);
  const deliveries = useAdminDeliveries({ page, channel, status });
  const rows = deliveries.data?.results ?? [];

  return (
    <Stack gap="md">
      <AdminSectionHeader title="Notification deliveries">
        Email, SMS and push sent for each notification, with failures and retries.
        {deliveries.data ? ` ${deliveries.data.count} shown by this filter.` : ''}
      </AdminSectionHeader>

      {deliveries.data ? <Totals totals={deliveries.data.totals} /> : null}

      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Channel"
          data={channelChoices}
          value={channel ?? 'all'}
          onChange={(value) => {
            setChannel(value === 'all' ? null : (value as NotificationChannel));
            setPage(1);
          }}
        />
        <Select
          aria-label="Status"
          data={statusChoices}
          value={status ?? 'all'}
          allowDeselect={false}
          w={160}
          onChange={(value) => {
            setStatus(!value || value === 'all' ? null : (value as DeliveryStatus));
            setPage(1);
          }}
        />
      </Group>

      <AdminPagedRows
        list={deliveries}
        label="deliveries"
        emptyText="No deliveries match."
        page={page}
        onPage={setPage}
      >
        <AdminTableAndCards
          rows={rows}
          rowKey={(item) => item.id}
          head={['Notification', 'Channel', 'To', 'Status', 'Details', 'Created']}
          tableProps={{ highlightOnHover: false, 'aria-label': 'Notification deliveries' }}
          cells={(item) => (
            <>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {item.notification.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {CATEGORY_LABELS[item.category]}
                </Text>
              </Table.Td>
              <Table.Td>{CHANNEL_LABELS[item.channel]}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Text size="sm">{item.user.name}</Text>
                <Text size="xs" c="dimmed">
                  {item.recipient}
                </Text>
              </Table.Td>
              <Table.Td>
                <DeliveryStatusBadges delivery={item} />
              </Table.Td>
              <Table.Td maw={280}>
                <Detail delivery={item} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{when.format(new Date(item.created_at))}</Table.Td>
            </>
          )}
          card={(item) => (
            <>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Text size="sm" fw={600}>
                  {item.notification.title}
                </Text>
                <Badge variant="default">{CHANNEL_LABELS[item.channel]}</Badge>
              </Group>
              <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
                {`${item.user.name} · ${item.recipient}`}
              </Text>
              <Stack gap={4} mt={6}>
                <DeliveryStatusBadges delivery={item} />
                <Detail delivery={item} />
                <Text size="xs" c="dimmed">
                  {when.format(new Date(item.created_at))}
                </Text>
              </Stack>
            </>
          )}
        />
      </AdminPagedRows>
    </Stack>
  );
}
