import { Group, NativeSelect, Switch, Text, TextInput } from '@mantine/core';
import { FormDialog, toastThenClose } from '#app/ui/form-dialog.tsx';
import { useSchemaEditDialog } from '#app/ui/use-edit-dialog.ts';
import { type AdminProject, type ProjectInput, projectInputSchema } from '#shared/admin-clients.ts';
import { PLACE_MESSAGES } from '#shared/places.ts';
import {
  DEFAULT_PROPERTY_TIME_ZONE,
  PROPERTY_TIME_ZONE_LABELS,
  PROPERTY_TIME_ZONES,
} from '#shared/property-time-zone.ts';
import { useSaveProject } from './clients-api.ts';

const FIELDS = ['name', 'address', 'city', 'latitude', 'longitude', 'time_zone', 'is_active'];
const ZONES = PROPERTY_TIME_ZONES.map((zone) => ({ value: zone, label: PROPERTY_TIME_ZONE_LABELS[zone] }));
/** The form's values: coordinates as typed ('' for none; the schema reads the text as a number). */
type PropertyFormValues = Required<Omit<ProjectInput, 'latitude' | 'longitude'>> & {
  latitude: string;
  longitude: string;
};
const typed = (degrees: number | null) => (degrees === null ? '' : String(degrees));
const valuesOf = (project: AdminProject | null): PropertyFormValues =>
  project
    ? {
        name: project.name,
        address: project.address,
        city: project.city,
        latitude: typed(project.latitude),
        longitude: typed(project.longitude),
        is_active: project.is_active,
        time_zone: project.time_zone,
      }
    : {
        name: '',
        address: '',
        city: '',
        latitude: '',
        longitude: '',
        is_active: true,
        time_zone: DEFAULT_PROPERTY_TIME_ZONE,
      };

/** Create (project null) or edit a client's property; the form runs the handler's schema. */
export function PropertyDialog({
  clientId,
  opened,
  project,
  onClose,
}: {
  clientId: number;
  opened: boolean;
  project: AdminProject | null;
  onClose: () => void;
}) {
  const save = useSaveProject(clientId);
  const { form, alert, clearAlert, showSaveError } = useSchemaEditDialog(projectInputSchema, {
    opened,
    record: project,
    values: valuesOf(project),
    fields: FIELDS,
    failureMessage: 'The property could not be saved. Please try again.',
  });

  const submit = form.onSubmit((values) => {
    clearAlert();
    save.mutate(
      { project, values: projectInputSchema.parse(values) },
      {
        onSuccess: (saved) =>
          toastThenClose(`Property ${saved.name} ${project ? 'saved' : 'created'}.`, onClose),
        onError: showSaveError,
      },
    );
  });

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      boldTitle
      title={project ? `Edit property: ${project.name}` : 'New property'}
      onSubmit={submit}
      alert={alert}
      submitLabel={project ? 'Save property' : 'Create property'}
      busy={save.isPending}
    >
      <TextInput
        label="Name"
        required
        data-autofocus
        key={form.key('name')}
        {...form.getInputProps('name')}
      />
      <TextInput label="Address" required key={form.key('address')} {...form.getInputProps('address')} />
      <TextInput
        label="City"
        description="Job cards show it after the property's name."
        key={form.key('city')}
        {...form.getInputProps('city')}
      />
      <Group grow align="flex-start">
        <TextInput
          label="Latitude"
          inputMode="decimal"
          placeholder="39.7392"
          key={form.key('latitude')}
          {...form.getInputProps('latitude')}
        />
        <TextInput
          label="Longitude"
          inputMode="decimal"
          placeholder="-104.9903"
          key={form.key('longitude')}
          {...form.getInputProps('longitude')}
        />
      </Group>
      <Text size="sm" c="dimmed" mt={-8}>
        {PLACE_MESSAGES.hint}
      </Text>
      <NativeSelect
        label="Time zone"
        description="The property's times (its history download) are written in it."
        data={ZONES}
        key={form.key('time_zone')}
        {...form.getInputProps('time_zone')}
      />
      <Switch
        label="Active (managers can pick it for new requests)"
        key={form.key('is_active')}
        {...form.getInputProps('is_active', { type: 'checkbox' })}
      />
    </FormDialog>
  );
}
