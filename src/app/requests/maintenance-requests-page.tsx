import { Button, Stack, Tabs } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { useUserProjects } from '#app/properties/api.ts';
import { managerPaths } from '#app/route-paths.ts';
import { FilterChips } from '#app/ui/filter-chips.tsx';
import { ListHeader } from '#app/ui/list-header.tsx';
import { ListStates } from '#app/ui/list-states.tsx';
import { orderingParam, readColumnSort } from '#app/ui/list-url-params.ts';
import { Pager } from '#app/ui/pager.tsx';
import { REQUEST_STATUS_LABELS, REQUEST_STATUSES, type RequestStatus } from '#shared/statuses.ts';
import { MaintenanceFilterDialog, type MaintenanceFilters } from './maintenance-filter-dialog.tsx';
import { useMaintenanceRequests } from './maintenance-requests-api.ts';
import { MaintenanceRequestsTable } from './maintenance-requests-table.tsx';
import {
  MAINTENANCE_SORT_FIELDS,
  type MaintenanceView,
  nextMaintenanceSort,
  readMaintenanceView,
  writeMaintenanceView,
} from './maintenance-requests-url-state.ts';

const ALL = 'all';
const TABS = [ALL, ...REQUEST_STATUSES] as const;
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
      <ListHeader
        title="Maintenance Requests"
        shown={data ? { count: data.results.length, total: data.count, noun: 'requests' } : null}
        sort={{
          label: 'Sort requests',
          options: SORT_OPTIONS,
          value: orderingParam(view.sort),
          onChange: (ordering) =>
            go({ ...view, sort: readColumnSort(MAINTENANCE_SORT_FIELDS, ordering), page: 1 }),
          hiddenFrom: 'md',
          width: 200,
        }}
        onFilters={filters.open}
        actions={
          <Button
            component={Link}
            to={managerPaths.maintenanceCreate}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            Create Request
          </Button>
        }
      />

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

      <ListStates
        loading={requests.isPending}
        loadingLabel="Loading maintenance requests"
        error={
          requests.isError
            ? requests.error.message || 'Failed to load maintenance requests. Please try again.'
            : null
        }
        empty={data && data.results.length === 0 ? 'No maintenance requests match your filters' : null}
        stale={requests.isPlaceholderData}
      >
        {data ? (
          <MaintenanceRequestsTable
            requests={data.results}
            sort={view.sort}
            onSort={(field) => go({ ...view, sort: nextMaintenanceSort(view.sort, field), page: 1 })}
          />
        ) : null}
      </ListStates>

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
