import { ActionIcon, Button } from '@mantine/core';
import { IconDownload, IconPinnedFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { showToast } from '#app/ui/toast.ts';
import type { KeepJobInput } from './kept-jobs.ts';
import { useUserDbQuery } from './outbox-hooks.ts';

/**
 * "Keep offline" on a request detail or a jobs-list row. `gather` collects what to keep (the detail,
 * messages and photo URLs the screen already has or fetches). `compact` shows only the icon (with the
 * browser's own tooltip), for a table row that has no room for a third labelled button.
 */
export function KeepJobButton({
  requestId,
  title,
  gather,
  compact = false,
}: {
  requestId: number;
  title: string;
  gather: () => Promise<Omit<KeepJobInput, 'requestId' | 'title'>>;
  compact?: boolean;
}) {
  const kept = useUserDbQuery((db) => db.keptJobs.get(requestId), undefined, [requestId]);
  const [busy, setBusy] = useState(false);

  async function toggle() {
    setBusy(true);
    try {
      // Keeping and releasing load on the first tap, not with the list whose rows show the button.
      const { formatBytes, keepJob, releaseJob } = await import('./kept-jobs.ts');
      if (kept) {
        await releaseJob(requestId);
        showToast({ message: 'Job released from this device.', color: 'green' });
      } else {
        const result = await keepJob({ requestId, title, ...(await gather()) });
        const missing = result.missingPhotos.length;
        showToast({
          message: `Kept for offline use (${formatBytes(result.kept.bytes)})${missing > 0 ? `; ${missing} photos could not be stored` : ''}.`,
          color: 'green',
        });
      }
    } catch (error) {
      showToast({
        message: error instanceof Error ? error.message : 'Could not keep the job.',
        color: 'red',
      });
    } finally {
      setBusy(false);
    }
  }

  // "Kept offline" only once the row exists, which keepJob writes after everything is stored.
  const text = kept ? 'Kept offline' : busy ? 'Keeping offline…' : 'Keep offline';
  // The visible words come first in the name (label in name), the job tells the rows of a list apart;
  // aria-pressed says whether it is kept.
  const common = {
    loading: busy,
    onClick: () => void toggle(),
    'aria-label': `${text}: job #${requestId}`,
    'aria-pressed': kept !== undefined,
  };
  const icon = kept ? <IconPinnedFilled size={14} aria-hidden /> : <IconDownload size={14} aria-hidden />;

  if (compact) {
    // A title, not Mantine's Tooltip: the Tooltip brought floating-ui (about 20 KB gzip) into the first
    // load of Available Jobs, whose rows show this button.
    return (
      <ActionIcon
        size="input-xs"
        variant={kept ? 'light' : 'default'}
        title={kept ? `${text} (press to release)` : text}
        {...common}
      >
        {icon}
      </ActionIcon>
    );
  }
  return (
    <Button size="xs" variant={kept ? 'light' : 'default'} leftSection={icon} {...common}>
      {text}
    </Button>
  );
}
