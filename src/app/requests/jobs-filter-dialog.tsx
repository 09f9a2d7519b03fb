import { FilterDialog, type FilterDialogProps, type FilterFieldsProps } from '#app/ui/filter-dialog.tsx';
import { type FilterSelect, SelectFilterFields } from '#app/ui/select-filter-fields.tsx';
import { SERVICE_CATEGORIES, type ServiceCategory } from '#shared/categories.ts';
import { REQUEST_STATUS_LABELS, REQUEST_STATUSES, type RequestStatus } from '#shared/statuses.ts';

const STATUS_OPTIONS = REQUEST_STATUSES.map((status) => ({
  value: status,
  label: REQUEST_STATUS_LABELS[status],
}));

export interface JobsFilters {
  serviceType: ServiceCategory | null;
  status: RequestStatus | null;
}

/** Available Jobs' filter dialog (signed-in spec, section 2): service type and status. */
export function JobsFilterDialog({ opened, initial, onApply, onClose }: FilterDialogProps<JobsFilters>) {
  return (
    <FilterDialog
      title="Filter Jobs"
      opened={opened}
      onClose={onClose}
      fields={<FilterFields initial={initial} onApply={onApply} onClose={onClose} />}
    />
  );
}

const SELECTS: FilterSelect<keyof JobsFilters>[] = [
  { key: 'serviceType', label: 'Service Type', placeholder: 'All service types', data: SERVICE_CATEGORIES },
  { key: 'status', label: 'Status', placeholder: 'All statuses', data: STATUS_OPTIONS },
];

function FilterFields({ initial, onApply, onClose }: FilterFieldsProps<JobsFilters>) {
  return (
    <SelectFilterFields
      selects={SELECTS}
      initial={initial}
      onClose={onClose}
      onApply={(values) =>
        onApply({
          serviceType: values.serviceType as ServiceCategory | null,
          status: values.status as RequestStatus | null,
        })
      }
    />
  );
}
