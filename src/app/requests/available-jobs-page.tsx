import { Alert, Button, Center, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BidDialog } from '#app/bids/bid-dialog.tsx';
import { KeptJobsLink } from '#app/offline/kept-jobs-link.tsx';
import { LastRefreshed } from '#app/offline/last-refreshed.tsx';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { FilterChips } from '#app/ui/filter-chips.tsx';
import { Pager } from '#app/ui/pager.tsx';
import { ScreenTitle } from '#app/ui/screen-title.tsx';
import { REQUEST_STATUS_LABELS } from '#shared/statuses.ts';
import { requestKeys, useJobs } from './api.ts';
import { JobsFilterDialog, type JobsFilters } from './jobs-filter-dialog.tsx';
import { JobsTable } from './jobs-table.tsx';
import { type JobsView, nextSort, readJobsView, writeJobsView } from './jobs-url-state.ts';

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
export function AvailableJobsPage() {
  const [params, setParams] = useSearchParams();
  const view = readJobsView(params);
  const jobs = useJobs(view);
  const [filtersOpen, filters] = useDisclosure(false);
  const [bidRequestId, setBidRequestId] = useState<number | null>(null);

  const go = (next: JobsView) => setParams(writeJobsView(next));
  const applyFilters = (chosen: JobsFilters) => {
    filters.close();
    go({ ...view, ...chosen, page: 1 });
  };
  const sortValue = view.sort ? `${view.sort.descending ? '-' : ''}${view.sort.field}` : '';

  const chips: Array<{ label: string; clear: Partial<JobsView> }> = [];
  if (view.serviceType)
    chips.push({ label: `Service type: ${view.serviceType}`, clear: { serviceType: null } });
  if (view.status)
    chips.push({ label: `Status: ${REQUEST_STATUS_LABELS[view.status]}`, clear: { status: null } });
  if (view.search) chips.push({ label: `Search: ${view.search}`, clear: { search: '' } });

  const data = jobs.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <ScreenTitle>Available Jobs</ScreenTitle>
          {data ? (
            <Text size="sm" c="dimmed" mt={-8} aria-live="polite">
              Showing {data.results.length} of {data.count} jobs
            </Text>
          ) : null}
          <Group gap="md" mt={2} wrap="wrap">
            <LastRefreshed queryKey={requestKeys.jobs(view)} />
            <KeptJobsLink />
          </Group>
        </div>
        <Group gap="sm">
          <Select
            hiddenFrom="lg"
            aria-label="Sort jobs"
            data={SORT_OPTIONS}
            value={sortValue}
            allowDeselect={false}
            w={190}
            onChange={(value) =>
              go({
                ...view,
                sort: readJobsView(new URLSearchParams({ ordering: value ?? '' })).sort,
                page: 1,
              })
            }
          />
          <Button variant="default" leftSection={<IconFilter size={16} aria-hidden />} onClick={filters.open}>
            Filters
          </Button>
        </Group>
      </Group>

      <FilterChips
        chips={chips.map((chip) => ({
          label: chip.label,
          remove: () => go({ ...view, ...chip.clear, page: 1 }),
        }))}
        clearAll={() => go({ ...view, serviceType: null, status: null, search: '', page: 1 })}
      />

      {/* A failed refresh keeps the last answer on screen: offline, that is the saved copy (LastRefreshed says so). */}
      {jobs.isPending ? (
        <Center py="xl" role="status" aria-label="Loading jobs">
          <Loader />
        </Center>
      ) : jobs.isError && !jobs.data ? (
        <ErrorAlert>{jobs.error.message || 'Failed to load jobs. Please try again.'}</ErrorAlert>
      ) : data && data.results.length === 0 ? (
        <Alert variant="light" color="gray">
          {chips.length > 0 ? 'No jobs match your filters.' : 'No jobs available right now.'}
        </Alert>
      ) : data ? (
        <div style={{ opacity: jobs.isPlaceholderData ? 0.6 : 1 }}>
          <JobsTable
            jobs={data.results}
            sort={view.sort}
            onSort={(field) => go({ ...view, sort: nextSort(view.sort, field), page: 1 })}
            onBid={(job) => setBidRequestId(job.id)}
          />
        </div>
      ) : null}

      {data ? (
        <Pager page={view.page} totalPages={data.total_pages} onChange={(page) => go({ ...view, page })} />
      ) : null}

      <JobsFilterDialog
        opened={filtersOpen}
        initial={{ serviceType: view.serviceType, status: view.status }}
        onApply={applyFilters}
        onClose={filters.close}
      />
      <BidDialog requestId={bidRequestId} onClose={() => setBidRequestId(null)} />
    </Stack>
  );
}
