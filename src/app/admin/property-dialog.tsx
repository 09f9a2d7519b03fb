import { NativeSelect, Switch, TextInput } from '@mantine/core';
import { FormDialog, toastThenClose } from '#app/ui/form-dialog.tsx';
import { useSchemaEditDialog } from '#app/ui/use-edit-dialog.ts';
import { type AdminProject, type ProjectValues, projectInputSchema } from '#shared/admin-clients.ts';
import {
  DEFAULT_PROPERTY_TIME_ZONE,
  PROPERTY_TIME_ZONE_LABELS,
  PROPERTY_TIME_ZONES,
} from '#shared/property-time-zone.ts';
import { useSaveProject } from './clients-api.ts';

const FIELDS = ['name', 'address', 'time_zone', 'is_active'];
const ZONES = PROPERTY_TIME_ZONES.map((zone) => ({ value: zone, label: PROPERTY_TIME_ZONE_LABELS[zone] }));
const valuesOf = (project: AdminProject | null): ProjectValues =>
  project
    ? {
        name: project.name,
        address: project.address,
        is_active: project.is_active,
        time_zone: project.time_zone,
      }
    : { name: '', address: '', is_active: true, time_zone: DEFAULT_PROPERTY_TIME_ZONE };

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
