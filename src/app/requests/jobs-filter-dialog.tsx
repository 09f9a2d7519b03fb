import { Select, Stack } from '@mantine/core';
import { useState } from 'react';
import {
  FilterDialog,
  FilterDialogButtons,
  type FilterDialogProps,
  type FilterFieldsProps,
} from '#app/ui/filter-dialog.tsx';
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

function FilterFields({ initial, onApply, onClose }: FilterFieldsProps<JobsFilters>) {
  const [serviceType, setServiceType] = useState<string | null>(initial.serviceType);
  const [status, setStatus] = useState<string | null>(initial.status);
  return (
    <Stack gap="md">
      <Select
        label="Service Type"
        placeholder="All service types"
        data={SERVICE_CATEGORIES}
        value={serviceType}
        onChange={setServiceType}
        clearable
      />
      <Select
        label="Status"
        placeholder="All statuses"
        data={STATUS_OPTIONS}
        value={status}
        onChange={setStatus}
        clearable
      />
      <FilterDialogButtons
        onClear={() => {
          setServiceType(null);
          setStatus(null);
        }}
        onCancel={onClose}
        onApply={() =>
          onApply({
            serviceType: serviceType as ServiceCategory | null,
            status: status as RequestStatus | null,
          })
        }
      />
    </Stack>
  );
}
