import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { formatBytes, releaseJob, type StorageUse, storageUse } from '#app/offline/kept-jobs.ts';
import { useUserDbQuery } from '#app/offline/outbox-hooks.ts';
import type { KeptJob } from '#app/offline/user-db.ts';
import { vendorRequestPath } from '#app/route-paths.ts';
import { openConfirmDialog } from '#app/ui/confirm-dialog.ts';
import { showToast } from '#app/ui/toast.ts';
import { KEPT_JOBS_ANCHOR } from './kept-jobs-anchor.ts';

const NONE: KeptJob[] = [];

/** "Kept for the field": the jobs stored on this phone, the space they take, and a way to release each. */
export function KeptJobsPanel() {
  const kept = useUserDbQuery((db) => db.keptJobs.orderBy('keptAt').reverse().toArray(), NONE);
  const [use, setUse] = useState<StorageUse | null>(null);
  const location = useLocation();
  const root = useRef<HTMLDivElement>(null);
  // The router does not scroll to a #hash; the Outbox's writes may stand above the panel.
  useEffect(() => {
    if (location.hash === `#${KEPT_JOBS_ANCHOR}`) root.current?.scrollIntoView({ block: 'start' });
  }, [location.hash]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the estimate changes when kept jobs do
  useEffect(() => {
    void storageUse().then(setUse);
  }, [kept]);

  function confirmRelease(job: KeptJob) {
    openConfirmDialog({
      title: 'Release this job?',
      children: (
        <Text size="sm">{`"${job.title}" and its photos will no longer be kept on this phone for offline use.`}</Text>
      ),
      labels: { confirm: 'Release', cancel: 'Keep it' },
      onConfirm: () =>
        void releaseJob(job.requestId).then(
          () => showToast({ message: 'Job released from this device.', color: 'green' }),
          () => showToast({ message: 'Could not release the job.', color: 'red' }),
        ),
    });
  }

  return (
    <Stack gap="sm" mt="lg" id={KEPT_JOBS_ANCHOR} ref={root} style={{ scrollMarginTop: 72 }}>
      <Title order={2} fz="h4">
        Kept for the field
      </Title>
      {use ? (
        <Text size="sm" c="dimmed">
          {use.usage !== null
            ? `FieldBid uses ${formatBytes(use.usage)} on this device`
            : 'Storage use unknown'}
          {use.quota !== null ? ` of ${formatBytes(use.quota)} available` : ''}
          {use.persistent ? '; the browser keeps it under storage pressure.' : '.'}
        </Text>
      ) : null}
      {kept.length === 0 ? (
        <Text size="sm">
          No jobs kept. Use "Keep offline" on a job to have it at the site without a connection.
        </Text>
      ) : (
        kept.map((job) => (
          <Card key={job.requestId} withBorder padding="sm" data-testid="kept-job">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              {/* The text gives way (two lines at most) so Release keeps its size at phone width. */}
              <Stack gap={2} miw={0} style={{ flex: 1 }}>
                <Anchor component={Link} to={vendorRequestPath(job.requestId)} fw={600} lineClamp={2}>
                  {job.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {`${formatBytes(job.bytes)} · ${job.photoUrls.length} photos${job.documentationProjectId === undefined ? '' : ' · property documentation'} · kept ${new Date(job.keptAt).toLocaleDateString()}`}
                </Text>
              </Stack>
              <Button
                size="xs"
                variant="default"
                onClick={() => confirmRelease(job)}
                style={{ flexShrink: 0 }}
                aria-label={`Release ${job.title}`}
              >
                Release
              </Button>
            </Group>
          </Card>
        ))
      )}
    </Stack>
  );
}
