import { useQueryClient } from '@tanstack/react-query';
import { KeepJobButton } from '#app/offline/keep-job-button.tsx';
import { gatherKeptJob, keptJobTitle } from './keep-job-gather.ts';

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
      gather={() => gatherKeptJob(queryClient, job.id)}
      compact={compact}
    />
  );
}
