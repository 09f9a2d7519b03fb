import { Alert, Button, Center, Group, Loader, Select, Stack, Tabs, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilter, IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { useUserProjects } from '#app/layouts/api.ts';
import { managerPaths } from '#app/route-paths.ts';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { FilterChips } from '#app/ui/filter-chips.tsx';
import { Pager } from '#app/ui/pager.tsx';
import { ScreenTitle } from '#app/ui/screen-title.tsx';
import { REQUEST_STATUS_LABELS, REQUEST_STATUSES, type RequestStatus } from '#shared/statuses.ts';
import { MaintenanceFilterDialog, type MaintenanceFilters } from './maintenance-filter-dialog.tsx';
import { useMaintenanceRequests } from './maintenance-requests-api.ts';
import { MaintenanceRequestsTable } from './maintenance-requests-table.tsx';
import {
  type MaintenanceView,
  nextMaintenanceSort,
  readMaintenanceView,
  writeMaintenanceView,
} from './maintenance-requests-url-state.ts';

const ALL = 'all';
const TABS = [ALL, ...REQUEST_STATUSES] as const;
/** The cards below the md breakpoint have no headers to click: the sort is a select there. */
const SORT_OPTIONS = [
  { value: '', label: 'Newest' },
  { value: 'created', label: 'Oldest' },
  { value: 'status', label: 'Status' },
  { value: '-priority', label: 'Priority (urgent first)' },
  { value: 'type', label: 'Type' },
];

const tabLabel = (tab: (typeof TABS)[number]) => (tab === ALL ? 'All' : REQUEST_STATUS_LABELS[tab]);

/**
 * /property-manager/maintenance: the manager's Maintenance Requests (signed-in spec, section 2).
 * Tab, filters, the top bar's search, sort and page live in the URL; the data comes from the real list call (the spec's
 * "falls back to sample data on error" was a prototype shortcut: an error is shown instead).
 */
export function MaintenanceRequestsPage() {
  const [params, setParams] = useSearchParams();
  const view = readMaintenanceView(params);
  const requests = useMaintenanceRequests(view);
  const properties = useUserProjects();
  const [filtersOpen, filters] = useDisclosure(false);

  const go = (next: MaintenanceView) => setParams(writeMaintenanceView(next));
  const applyFilters = (chosen: MaintenanceFilters) => {
    filters.close();
    go({ ...view, ...chosen, page: 1 });
  };
  const propertyName = (id: number) =>
    properties.data?.find((property) => property.id === id)?.name ?? `#${id}`;

  const chips: Array<{ label: string; clear: Partial<MaintenanceView> }> = [];
  if (view.serviceType)
    chips.push({ label: `Service type: ${view.serviceType}`, clear: { serviceType: null } });
  if (view.propertyId)
    chips.push({ label: `Property: ${propertyName(view.propertyId)}`, clear: { propertyId: null } });
  if (view.priority) chips.push({ label: `Priority: ${view.priority}`, clear: { priority: null } });
  if (view.search) chips.push({ label: `Search: ${view.search}`, clear: { search: '' } });

  const data = requests.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <ScreenTitle>Maintenance Requests</ScreenTitle>
          {data ? (
            <Text size="sm" c="dimmed" mt={-8} aria-live="polite">
              Showing {data.results.length} of {data.count} requests
            </Text>
          ) : null}
        </div>
        <Group gap="sm">
          <Select
            hiddenFrom="md"
            aria-label="Sort requests"
            data={SORT_OPTIONS}
            value={view.sort ? `${view.sort.descending ? '-' : ''}${view.sort.field}` : ''}
            allowDeselect={false}
            w={200}
            onChange={(value) =>
              go({
                ...view,
                sort: readMaintenanceView(new URLSearchParams({ ordering: value ?? '' })).sort,
                page: 1,
              })
            }
          />
          <Button variant="default" leftSection={<IconFilter size={16} aria-hidden />} onClick={filters.open}>
            Filters
          </Button>
          <Button
            component={Link}
            to={managerPaths.maintenanceCreate}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            Create Request
          </Button>
        </Group>
      </Group>

      <Tabs
        value={view.status ?? ALL}
        onChange={(tab) =>
          go({ ...view, status: tab === ALL || tab === null ? null : (tab as RequestStatus), page: 1 })
        }
      >
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab} style={{ whiteSpace: 'nowrap' }}>
              {tabLabel(tab)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      <FilterChips
        chips={chips.map((chip) => ({
          label: chip.label,
          remove: () => go({ ...view, ...chip.clear, page: 1 }),
        }))}
        clearAll={() =>
          go({ ...view, serviceType: null, propertyId: null, priority: null, search: '', page: 1 })
        }
      />

      {requests.isPending ? (
        <Center py="xl" role="status" aria-label="Loading maintenance requests">
          <Loader />
        </Center>
      ) : requests.isError ? (
        <ErrorAlert>
          {requests.error.message || 'Failed to load maintenance requests. Please try again.'}
        </ErrorAlert>
      ) : data && data.results.length === 0 ? (
        <Alert variant="light" color="gray">
          No maintenance requests match your filters
        </Alert>
      ) : data ? (
        <div style={{ opacity: requests.isPlaceholderData ? 0.6 : 1 }}>
          <MaintenanceRequestsTable
            requests={data.results}
            sort={view.sort}
            onSort={(field) => go({ ...view, sort: nextMaintenanceSort(view.sort, field), page: 1 })}
          />
        </div>
      ) : null}

      {data && data.results.length > 0 ? (
        <Pager page={view.page} totalPages={data.total_pages} onChange={(page) => go({ ...view, page })} />
      ) : null}

      <MaintenanceFilterDialog
        opened={filtersOpen}
        initial={{ serviceType: view.serviceType, propertyId: view.propertyId, priority: view.priority }}
        properties={properties.data ?? []}
        onApply={applyFilters}
        onClose={filters.close}
      />
    </Stack>
  );
}
