import { Button, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMapPin } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { JobBidMark } from '#app/bids/job-bid-marks.ts';
import { LazyBidDialog } from '#app/bids/lazy-bid-dialog.tsx';
import { useDeferredAnswer } from '#app/lib/use-deferred-answer.ts';
import { LastRefreshed } from '#app/offline/last-refreshed.tsx';
import { KeptJobsLink } from '#app/outbox/kept-jobs-link.tsx';
import { FilterChips } from '#app/ui/filter-chips.tsx';
import type { FilterDialogProps } from '#app/ui/filter-dialog.tsx';
import { LazyDialog } from '#app/ui/lazy-dialog.tsx';
import { ListHeader } from '#app/ui/list-header.tsx';
import { ListStates } from '#app/ui/list-states.tsx';
import { orderingParam, readColumnSort } from '#app/ui/list-url-params.ts';
import { Pager } from '#app/ui/pager.tsx';
import { ScreenTitle } from '#app/ui/screen-title.tsx';
import { JOB_ORDERING_FIELDS } from '#shared/list-fields.ts';
import { REQUEST_STATUS_LABELS } from '#shared/statuses.ts';
import { requestKeys, useJobs, useRequestDetail } from './api.ts';
import type { JobsFilters } from './jobs-filter-dialog.tsx';
import { JobsTable } from './jobs-table.tsx';
import { type JobsView, nextSort, readJobsView, writeJobsView } from './jobs-url-state.ts';

// The filter form loads when Filters is first pressed.
const JobsFilterDialogChunk = lazy(() =>
  import('./jobs-filter-dialog.tsx').then((m) => ({ default: m.JobsFilterDialog })),
);
function JobsFilterDialog(props: FilterDialogProps<JobsFilters>) {
  return <LazyDialog dialog={JobsFilterDialogChunk} open={props.opened} props={props} />;
}

const SORT_OPTIONS = [
  { value: '', label: 'Default (status, newest)' },
  { value: 'status', label: 'Status' },
  { value: 'service_type', label: 'Service type' },
  { value: 'deadline', label: 'Deadline (soonest)' },
  { value: '-deadline', label: 'Deadline (latest)' },
  { value: '-created_at', label: 'Newest' },
  { value: 'created_at', label: 'Oldest' },
];

/** /vendor/jobs: Available Jobs (signed-in spec, sections 2 and 7). Filters, sort and page live in the URL. */

// Only a vendor staff have not approved yet meets it: kept out of the jobs list's first load.
const UnderReviewNotice = lazy(() =>
  import('#app/ui/under-review-notice.tsx').then((m) => ({ default: m.UnderReviewNotice })),
);
// The vendor's own bids on the jobs, known after the list is drawn (job-bid-marks-loader.tsx).
const JobBidMarksLoader = lazy(() =>
  import('./job-bid-marks-loader.tsx').then((m) => ({ default: m.JobBidMarksLoader })),
);
const NO_BID_MARKS: ReadonlyMap<number, JobBidMark> = new Map();
// "Near me": its own list, loaded when first pressed (?near=1 keeps it through a reload).
const NearbyJobsView = lazy(() =>
  import('./nearby-jobs-view.tsx').then((m) => ({ default: m.NearbyJobsView })),
);
const NEAR_PARAM = 'near';

export function AvailableJobsPage() {
  const [params, setParams] = useSearchParams();
  const view = readJobsView(params);
  const jobs = useJobs(view);
  const [filtersOpen, filters] = useDisclosure(false);
  const [bidTarget, setBidTarget] = useState<{ requestId: number; existingBidId: number | null } | null>(
    null,
  );
  const bidRequestId = bidTarget?.requestId ?? null;
  const [bidMarks, setBidMarks] = useState<ReadonlyMap<number, JobBidMark>>(NO_BID_MARKS);
  // The bid dialog's summary of the job (GET /api/requests/{id}/, kept offline like the detail).
  const bidRequest = useRequestDetail(bidRequestId === null ? null : String(bidRequestId));

  const go = (next: JobsView) => setParams(writeJobsView(next));
  const applyFilters = (chosen: JobsFilters) => {
    filters.close();
    go({ ...view, ...chosen, page: 1 });
  };

  const chips: Array<{ label: string; clear: Partial<JobsView> }> = [];
  if (view.serviceType)
    chips.push({ label: `Service type: ${view.serviceType}`, clear: { serviceType: null } });
  if (view.status)
    chips.push({ label: `Status: ${REQUEST_STATUS_LABELS[view.status]}`, clear: { status: null } });
  if (view.search) chips.push({ label: `Search: ${view.search}`, clear: { search: '' } });

  const { data, isPending } = useDeferredAnswer(jobs);
  const nearMe = params.get(NEAR_PARAM) === '1';
  const showNearMe = (on: boolean) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (on) next.set(NEAR_PARAM, '1');
      else next.delete(NEAR_PARAM);
      return next;
    });
  if (nearMe && !data?.under_review) {
    return (
      <Suspense fallback={null}>
        <NearbyJobsView onBack={() => showNearMe(false)} />
      </Suspense>
    );
  }
  // A vendor staff have not approved sees no job (its list is empty for that reason): say why.
  if (data?.under_review) {
    return (
      <>
        <ScreenTitle>Available Jobs</ScreenTitle>
        <Suspense fallback={null}>
          <UnderReviewNotice />
        </Suspense>
      </>
    );
  }
  return (
    <Stack gap="md">
      <Suspense fallback={null}>
        <JobBidMarksLoader onMarks={setBidMarks} />
      </Suspense>
      <ListHeader
        title="Available Jobs"
        shown={data ? { count: data.results.length, total: data.count, noun: 'jobs' } : null}
        below={
          <Group gap="md" mt={2} wrap="wrap">
            <LastRefreshed queryKey={requestKeys.jobs(view)} />
            <KeptJobsLink />
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconMapPin size={14} aria-hidden />}
              onClick={() => showNearMe(true)}
            >
              Near me
            </Button>
          </Group>
        }
        sort={{
          label: 'Sort jobs',
          options: SORT_OPTIONS,
          value: orderingParam(view.sort),
          onChange: (ordering) =>
            go({ ...view, sort: readColumnSort(JOB_ORDERING_FIELDS, ordering), page: 1 }),
          hiddenFrom: 'lg',
          // Wide enough for 'Default (status, newest)' whole, and still beside Filters on a 375 px phone.
          width: 220,
        }}
        onFilters={filters.open}
      />

      <FilterChips
        chips={chips.map((chip) => ({
          label: chip.label,
          remove: () => go({ ...view, ...chip.clear, page: 1 }),
        }))}
        clearAll={() => go({ ...view, serviceType: null, status: null, search: '', page: 1 })}
      />

      {/* A failed refresh keeps the last answer on screen: offline, that is the saved copy (LastRefreshed says so). */}
      <ListStates
        loading={isPending}
        loadingLabel="Loading jobs"
        error={
          jobs.isError && !jobs.data ? jobs.error.message || 'Failed to load jobs. Please try again.' : null
        }
        empty={
          data && data.results.length === 0
            ? chips.length > 0
              ? 'No jobs match your filters.'
              : 'No jobs available right now.'
            : null
        }
        stale={jobs.isPlaceholderData}
      >
        {data ? (
          <JobsTable
            jobs={data.results}
            sort={view.sort}
            onSort={(field) => go({ ...view, sort: nextSort(view.sort, field), page: 1 })}
            bidMarks={bidMarks}
            onBid={(job, existingBidId) => setBidTarget({ requestId: job.id, existingBidId })}
          />
        ) : null}
      </ListStates>

      {data ? (
        <Pager page={view.page} totalPages={data.total_pages} onChange={(page) => go({ ...view, page })} />
      ) : null}

      <JobsFilterDialog
        opened={filtersOpen}
        initial={{ serviceType: view.serviceType, status: view.status }}
        onApply={applyFilters}
        onClose={filters.close}
      />
      <LazyBidDialog
        requestId={bidRequestId}
        request={bidRequest}
        existingBidId={bidTarget?.existingBidId ?? null}
        onClose={() => setBidTarget(null)}
      />
    </Stack>
  );
}
