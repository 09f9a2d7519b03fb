import { Modal, Stack, Switch, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { DialogActions } from '#app/ui/dialog-actions.tsx';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { saveFailureMessage, serverFieldErrors } from '#app/ui/server-form-errors.ts';
import { showToast } from '#app/ui/toast.ts';
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
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<ProjectValues>({
    mode: 'uncontrolled',
    initialValues: valuesOf(project),
    validate: schemaResolver(projectInputSchema, { sync: true }),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens or the property changes
  useEffect(() => {
    if (!opened) return;
    form.setValues(valuesOf(project));
    form.resetDirty();
    form.clearErrors();
    setAlert(null);
  }, [opened, project]);

  const submit = form.onSubmit((values) => {
    setAlert(null);
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
        onError: (error) => {
          const fields = serverFieldErrors(error, FIELDS);
          if (fields) form.setErrors(fields);
          else setAlert(saveFailureMessage(error, 'The property could not be saved. Please try again.'));
        },
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
