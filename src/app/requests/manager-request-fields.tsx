import { Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useProjectDocumentation } from '#app/asbuilds/api.ts';
import { SpotPicker } from '#app/asbuilds/spot-picker.tsx';
import { useProjectUnits } from '#app/properties/api.ts';
import { PhotoPicker } from '#app/ui/photo-picker.tsx';
import { SERVICE_CATEGORIES } from '#shared/categories.ts';
import { MAX_DESCRIPTION } from '#shared/request-schemas.ts';
import { PRIORITIES } from '#shared/statuses.ts';
import type { UserProject } from '#shared/user-projects.ts';
import type { ManagerRequestFormValues } from './manager-request-form.ts';

const TYPE_OPTIONS = [...SERVICE_CATEGORIES];
const PRIORITY_OPTIONS = PRIORITIES.map((priority) => ({
  value: priority,
  label: priority[0]!.toUpperCase() + priority.slice(1),
}));

/**
 * The fields of a manager's maintenance request (signed-in spec, section 5), shared by the dashboard
 * dialog and the full create page: property, request type, description, unit (enabled once the
 * property has units), priority (medium by default) and photos (images only).
 */
export function ManagerRequestFields({
  form,
  projects,
  projectsLoading,
}: {
  form: UseFormReturnType<ManagerRequestFormValues>;
  projects: readonly UserProject[];
  projectsLoading: boolean;
}) {
  const propertyId = form.values.property_id ? Number(form.values.property_id) : null;
  const units = useProjectUnits(propertyId);
  const documentation = useProjectDocumentation(form.values.property_id ?? '');
  const unitOptions = (units.data ?? []).map((unit) => ({ value: String(unit.id), label: unit.number }));
  const unitPlaceholder =
    propertyId === null
      ? 'Select a property first'
      : units.isPending
        ? 'Loading...'
        : units.isError
          ? 'Units could not be loaded'
          : unitOptions.length === 0
            ? 'This property has no units'
            : 'Select a unit (optional)';

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Property"
          placeholder={projectsLoading ? 'Loading...' : 'Select a property'}
          required
          searchable
          data={projects.map((project) => ({ value: String(project.id), label: project.name }))}
          {...form.getInputProps('property_id')}
          onChange={(value) => {
            form.setFieldValue('property_id', value);
            // A unit (and a spot on a plan) belongs to one property: a new property clears it.
            form.setFieldValue('unit_id', null);
            form.setFieldValue('spot', null);
          }}
        />
        <Select
          label="Request Type"
          placeholder="Select a type"
          required
          searchable
          data={TYPE_OPTIONS}
          {...form.getInputProps('type')}
          onChange={(value) => {
            form.setFieldValue('type', value);
            // Invited vendors were picked from the old category's list.
            form.setFieldValue('vendors', []);
            form.setFieldValue('invite_all_category', false);
          }}
        />
      </SimpleGrid>
      <Textarea
        label="Description"
        placeholder="Describe the problem"
        required
        autosize
        minRows={3}
        maxRows={8}
        maxLength={MAX_DESCRIPTION}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Unit"
          placeholder={unitPlaceholder}
          clearable
          searchable
          disabled={unitOptions.length === 0}
          data={unitOptions}
          {...form.getInputProps('unit_id')}
        />
        <Select
          label="Priority"
          allowDeselect={false}
          data={PRIORITY_OPTIONS}
          {...form.getInputProps('priority')}
        />
      </SimpleGrid>
      <SpotPicker
        key={form.values.property_id ?? 'none'}
        layouts={documentation.data?.layouts ?? []}
        value={form.values.spot}
        onChange={(spot) => form.setFieldValue('spot', spot)}
        error={form.errors.spot}
      />
      <PhotoPicker
        value={form.values.photos}
        onChange={(files) => form.setFieldValue('photos', files)}
        error={form.errors.photos}
      />
    </Stack>
  );
}
