import { Select, Stack } from '@mantine/core';
import { useState } from 'react';
import {
  FilterDialog,
  FilterDialogButtons,
  type FilterDialogProps,
  type FilterFieldsProps,
} from '#app/ui/filter-dialog.tsx';
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
  const [serviceType, setServiceType] = useState<string | null>(initial.serviceType);
  const [propertyId, setPropertyId] = useState<string | null>(
    initial.propertyId === null ? null : String(initial.propertyId),
  );
  const [priority, setPriority] = useState<string | null>(initial.priority);
  return (
    <Stack gap="md">
      <Select
        label="Service Type"
        placeholder="All service types"
        data={SERVICE_CATEGORIES}
        value={serviceType}
        onChange={setServiceType}
        clearable
        searchable
      />
      <Select
        label="Property"
        placeholder="All properties"
        data={properties.map((property) => ({ value: String(property.id), label: property.name }))}
        value={propertyId}
        onChange={setPropertyId}
        clearable
        searchable
      />
      <Select
        label="Priority"
        placeholder="All priorities"
        data={PRIORITY_OPTIONS}
        value={priority}
        onChange={setPriority}
        clearable
      />
      <FilterDialogButtons
        onClear={() => {
          setServiceType(null);
          setPropertyId(null);
          setPriority(null);
        }}
        onCancel={onClose}
        onApply={() =>
          onApply({
            serviceType: serviceType as ServiceCategory | null,
            propertyId: propertyId === null ? null : Number(propertyId),
            priority: priority as Priority | null,
          })
        }
      />
    </Stack>
  );
}
