import { useQueryClient } from '@tanstack/react-query';
import { KeepJobButton } from '#app/offline/keep-job-button.tsx';
import { keptJobTitle } from './kept-job-title.ts';

// What keeping a job gathers (its detail, thread, documentation and their schemas) loads on the
// first tap, not with the list that shows the button.
const gathering = () => import('./keep-job-gather.ts');

/** "Keep offline" for one job, on its detail or its row of Available Jobs (vendors only). */
export function KeepJobAction({
  job,
  type,
  compact,
}: {
  job: { id: number; description: string };
  type: string;
  compact?: boolean;
}) {
  const queryClient = useQueryClient();
  return (
    <KeepJobButton
      requestId={job.id}
      title={keptJobTitle(job, type)}
      gather={() => gathering().then((m) => m.gatherKeptJob(queryClient, job.id))}
      compact={compact}
    />
  );
}
