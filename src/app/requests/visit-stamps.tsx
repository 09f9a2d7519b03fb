import { Alert, Anchor, Badge, Button, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useOfflineSession } from '#app/offline/outbox-hooks.ts';
import { discardOutboxItem } from '#app/offline/outbox-store.ts';
import { usePendingPhotoUrls } from '#app/offline/pending-photo-urls.ts';
import type { OutboxItem } from '#app/offline/user-db.ts';
import { openConfirmDialog } from '#app/ui/confirm-dialog.ts';
import { showToast } from '#app/ui/toast.ts';
import {
  arrivalDistanceText,
  clockText,
  minutesAfter,
  minutesBetween,
  minutesOnSiteText,
} from '#shared/visit-display.ts';
import type { Visit } from '#shared/visit-schemas.ts';
import type { PendingSteps } from './visit-pending-steps.ts';

const PENDING_BADGE: Record<OutboxItem['state'], { label: string; color: string }> = {
  pending: { label: 'Waiting to send', color: 'yellow' },
  sending: { label: 'Sending', color: 'blue' },
  refused: { label: 'Not sent', color: 'red' },
};

function StampLine({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid={testId}>
      <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm">{children}</Text>
    </Group>
  );
}

/** A step made on this phone that has not reached the server: what it says, and that it waits. */
function PendingStampLine({
  item,
  children,
  testId,
}: {
  item: OutboxItem;
  children: ReactNode;
  testId: string;
}) {
  const session = useOfflineSession();
  const badge = PENDING_BADGE[item.state];
  const discard = () =>
    openConfirmDialog({
      title: 'Discard this step?',
      children: <Text size="sm">It has not reached the server and will be deleted from this phone.</Text>,
      labels: { confirm: 'Discard', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        if (!session) return;
        discardOutboxItem(session.db, item.seq).then(
          () => showToast({ color: 'green', message: 'Step discarded.' }),
          (error: unknown) =>
            showToast({
              color: 'red',
              message: error instanceof Error ? error.message : 'That did not work.',
            }),
        );
      },
    });
  return (
    <Stack gap={4} data-testid={testId}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconClockHour4
          size={18}
          color="var(--mantine-color-yellow-8)"
          aria-hidden
          style={{ flexShrink: 0 }}
        />
        <Text size="sm">
          {children}{' '}
          <Badge color={badge.color} variant="light" component="span" style={{ verticalAlign: 'middle' }}>
            {badge.label}
          </Badge>
        </Text>
      </Group>
      {item.state === 'refused' ? (
        <Alert color="red" variant="light" role="alert" p="xs">
          <Stack gap={6} align="flex-start">
            <Text size="sm">{item.refusal?.message ?? 'The server did not accept it.'}</Text>
            <Button color="red" variant="light" size="sm" mih={44} onClick={discard}>
              Discard
            </Button>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}

function LeftPhotos({ urls, waiting }: { urls: string[]; waiting: boolean }) {
  if (urls.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs" maw={420}>
      {urls.map((url, index) =>
        waiting ? (
          <Image
            key={url}
            src={url}
            alt={`Visit photo ${index + 1} (waiting to upload)`}
            radius="sm"
            h={80}
            fit="cover"
          />
        ) : (
          <Anchor key={url} href={url} target="_blank" rel="noopener">
            <Image src={url} alt={`Visit photo ${index + 1}`} radius="sm" h={80} fit="cover" />
          </Anchor>
        ),
      )}
    </SimpleGrid>
  );
}

function PendingLeft({
  item,
  timeZone,
  arrivedAt,
}: {
  item: OutboxItem;
  timeZone: string;
  arrivedAt: string | null;
}) {
  const photos = usePendingPhotoUrls(item);
  const at = String(item.body.at ?? '');
  const minutes = minutesBetween(arrivedAt, at);
  const note = String(item.body.note ?? '');
  return (
    <Stack gap={6}>
      <PendingStampLine item={item} testId="visit-stamp-left">
        Left {clockText(at, timeZone)}
        {minutes !== null ? ` · ${minutesOnSiteText(minutes)}` : ''}
      </PendingStampLine>
      {note ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {note}
        </Text>
      ) : null}
      {item.body.another_visit_needed === true ? <AnotherVisitBadge /> : null}
      <LeftPhotos urls={photos.map((photo) => photo.url)} waiting />
    </Stack>
  );
}

function AnotherVisitBadge() {
  return (
    <Badge color="orange" variant="light" w="fit-content">
      Another visit needed
    </Badge>
  );
}

/**
 * What happened on the day, for both sides: On the way, Arrived and Left as the server has them, or
 * (on the vendor's phone) as they wait in the outbox, each marked "Waiting to send".
 */
export function VisitStamps({ visit, pending }: { visit: Visit; pending: PendingSteps }) {
  const zone = visit.time_zone;
  const onMyWay = pending.on_my_way;
  const arrived = pending.arrived;
  const pendingArrivedAt = arrived ? String(arrived.body.at ?? '') : null;
  const arrivedAt = visit.arrived_at ?? pendingArrivedAt;
  const lines: ReactNode[] = [];

  if (visit.on_my_way_at) {
    lines.push(
      <StampLine key="on_my_way" testId="visit-stamp-on-my-way">
        On the way at {clockText(visit.on_my_way_at, zone)}
        {visit.expected_arrival_at ? `, expected ${clockText(visit.expected_arrival_at, zone)}` : ''}
      </StampLine>,
    );
  } else if (onMyWay) {
    const at = String(onMyWay.body.at ?? '');
    const eta = Number(onMyWay.body.eta_minutes);
    lines.push(
      <PendingStampLine key="on_my_way" item={onMyWay} testId="visit-stamp-on-my-way">
        On the way at {clockText(at, zone)}
        {Number.isFinite(eta) ? `, expected ${clockText(minutesAfter(at, eta), zone)}` : ''}
      </PendingStampLine>,
    );
  }

  if (visit.arrived_at) {
    lines.push(
      <StampLine key="arrived" testId="visit-stamp-arrived">
        Arrived {clockText(visit.arrived_at, zone)}
        {visit.arrival_distance_m !== null ? ` · ${arrivalDistanceText(visit.arrival_distance_m)}` : ''}
      </StampLine>,
    );
  } else if (arrived) {
    lines.push(
      <PendingStampLine key="arrived" item={arrived} testId="visit-stamp-arrived">
        Arrived {clockText(String(arrived.body.at ?? ''), zone)}
      </PendingStampLine>,
    );
  }

  if (visit.left_at) {
    const minutes = visit.minutes_on_site ?? minutesBetween(visit.arrived_at, visit.left_at);
    lines.push(
      <Stack key="left" gap={6}>
        <StampLine testId="visit-stamp-left">
          Left {clockText(visit.left_at, zone)}
          {minutes !== null ? ` · ${minutesOnSiteText(minutes)}` : ''}
        </StampLine>
        {visit.left_note ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {visit.left_note}
          </Text>
        ) : null}
        {visit.another_visit_needed ? <AnotherVisitBadge /> : null}
        <LeftPhotos urls={visit.left_photos.map((photo) => photo.url)} waiting={false} />
      </Stack>,
    );
  } else if (pending.left) {
    lines.push(<PendingLeft key="left" item={pending.left} timeZone={zone} arrivedAt={arrivedAt} />);
  }

  if (lines.length === 0) return null;
  return <Stack gap={6}>{lines}</Stack>;
}
