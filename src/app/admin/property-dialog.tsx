import { Modal, Stack, Switch, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { DialogActions } from '#app/ui/dialog-actions.tsx';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { showToast } from '#app/ui/toast.ts';
import { useEditDialog } from '#app/ui/use-edit-dialog.ts';
import { type AdminProject, type ProjectValues, projectInputSchema } from '#shared/admin-clients.ts';
import { useSaveProject } from './clients-api.ts';

const FIELDS = ['name', 'address', 'is_active'];
const valuesOf = (project: AdminProject | null): ProjectValues =>
  project
    ? { name: project.name, address: project.address, is_active: project.is_active }
    : { name: '', address: '', is_active: true };

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
  const form = useForm<ProjectValues>({
    mode: 'uncontrolled',
    initialValues: valuesOf(project),
    validate: schemaResolver(projectInputSchema, { sync: true }),
  });

  const { alert, clearAlert, showSaveError } = useEditDialog(form, {
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
        onSuccess: (saved) => {
          showToast({
            message: project ? `Property ${saved.name} saved.` : `Property ${saved.name} created.`,
            color: 'green',
          });
          onClose();
        },
        onError: showSaveError,
      },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={project ? `Edit property: ${project.name}` : 'New property'}
      centered
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {alert ? <ErrorAlert>{alert}</ErrorAlert> : null}
          <TextInput
            label="Name"
            required
            data-autofocus
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <TextInput label="Address" required key={form.key('address')} {...form.getInputProps('address')} />
          <Switch
            label="Active (managers can pick it for new requests)"
            key={form.key('is_active')}
            {...form.getInputProps('is_active', { type: 'checkbox' })}
          />
          <DialogActions
            submitLabel={project ? 'Save property' : 'Create property'}
            busy={save.isPending}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
