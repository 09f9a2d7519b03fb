import { Anchor, Group } from '@mantine/core';
import { IconPinnedFilled } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useUserDbQuery } from '#app/offline/outbox-hooks.ts';
import { vendorPaths } from '#app/route-paths.ts';
import { KEPT_JOBS_ANCHOR } from './kept-jobs-anchor.ts';

/**
 * "2 jobs kept offline": the way from Available Jobs to the kept-jobs panel (on the Outbox screen),
 * shown once the vendor keeps a job. Nothing while none is kept; the rows' buttons say it then.
 */
export function KeptJobsLink() {
  const count = useUserDbQuery((db) => db.keptJobs.count(), 0);
  if (count === 0) return null;
  return (
    <Anchor component={Link} to={`${vendorPaths.outbox}#${KEPT_JOBS_ANCHOR}`} size="xs">
      <Group gap={4} component="span" wrap="nowrap">
        <IconPinnedFilled size={12} aria-hidden />
        {`${count} ${count === 1 ? 'job' : 'jobs'} kept offline · manage`}
      </Group>
    </Anchor>
  );
}
