import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** /vendor/jobs (signed-in spec, section 2). Filled by a later issue. */
export function AvailableJobsPage() {
  return <ScreenTitle>Available Jobs</ScreenTitle>;
}
