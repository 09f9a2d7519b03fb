import { FilterDialog, type FilterDialogProps, type FilterFieldsProps } from '#app/ui/filter-dialog.tsx';
import { type FilterSelect, SelectFilterFields } from '#app/ui/select-filter-fields.tsx';
import { SERVICE_CATEGORIES, type ServiceCategory } from '#shared/categories.ts';
import { PRIORITIES, type Priority } from '#shared/statuses.ts';

export interface MaintenanceFilters {
  serviceType: ServiceCategory | null;
  propertyId: number | null;
  priority: Priority | null;
}

const PRIORITY_OPTIONS = PRIORITIES.map((priority) => ({
  value: priority,
  label: priority[0]!.toUpperCase() + priority.slice(1),
}));

type PropertyChoices = ReadonlyArray<{ id: number; name: string }>;

/** The Maintenance Requests filter dialog (signed-in spec, section 2): service type, property, priority. */
export function MaintenanceFilterDialog({
  opened,
  initial,
  properties,
  onApply,
  onClose,
}: FilterDialogProps<MaintenanceFilters> & { properties: PropertyChoices }) {
  // No autofocus on the first select: a searchable select opens its list on focus and would cover the others.
  return (
    <FilterDialog
      title="Filter Requests"
      opened={opened}
      onClose={onClose}
      fields={<FilterFields initial={initial} properties={properties} onApply={onApply} onClose={onClose} />}
    />
  );
}

function FilterFields({
  initial,
  properties,
  onApply,
  onClose,
}: FilterFieldsProps<MaintenanceFilters> & { properties: PropertyChoices }) {
  const selects: FilterSelect<keyof MaintenanceFilters>[] = [
    {
      key: 'serviceType',
      label: 'Service Type',
      placeholder: 'All service types',
      data: SERVICE_CATEGORIES,
      searchable: true,
    },
    {
      key: 'propertyId',
      label: 'Property',
      placeholder: 'All properties',
      data: properties.map((property) => ({ value: String(property.id), label: property.name })),
      searchable: true,
    },
    { key: 'priority', label: 'Priority', placeholder: 'All priorities', data: PRIORITY_OPTIONS },
  ];
  return (
    <SelectFilterFields
      selects={selects}
      initial={{ ...initial, propertyId: initial.propertyId === null ? null : String(initial.propertyId) }}
      onClose={onClose}
      onApply={(values) =>
        onApply({
          serviceType: values.serviceType as ServiceCategory | null,
          propertyId: values.propertyId === null ? null : Number(values.propertyId),
          priority: values.priority as Priority | null,
        })
      }
    />
  );
}
