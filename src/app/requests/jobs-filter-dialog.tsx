import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useState } from 'react';
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
export function JobsFilterDialog({
  opened,
  initial,
  onApply,
  onClose,
}: {
  opened: boolean;
  initial: JobsFilters;
  onApply: (filters: JobsFilters) => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Filter Jobs" styles={{ title: { fontWeight: 700 } }}>
      {/* Mounted per opening, so the dialog starts from the filters in force. */}
      {opened ? <FilterFields initial={initial} onApply={onApply} onClose={onClose} /> : null}
    </Modal>
  );
}

function FilterFields({
  initial,
  onApply,
  onClose,
}: {
  initial: JobsFilters;
  onApply: (filters: JobsFilters) => void;
  onClose: () => void;
}) {
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
      <Group justify="space-between">
        <Button
          variant="subtle"
          onClick={() => {
            setServiceType(null);
            setStatus(null);
          }}
        >
          Clear
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() =>
              onApply({
                serviceType: serviceType as ServiceCategory | null,
                status: status as RequestStatus | null,
              })
            }
          >
            Apply Filters
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
