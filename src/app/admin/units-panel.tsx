import { ActionIcon, Button, Group, Pill, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconX } from '@tabler/icons-react';
import { isApiError } from '#app/lib/api-error.ts';
import { showToast } from '#app/ui/toast.ts';
import { type AdminProject, type AdminUnit, unitsInputSchema } from '#shared/admin-clients.ts';
import classes from './admin.module.css';
import { AdminSectionState } from './admin-section-state.tsx';
import { useAddUnits, useProjectUnits, useRemoveUnit } from './clients-api.ts';

function UnitPill({ unit, project }: { unit: AdminUnit; project: AdminProject }) {
  const remove = useRemoveUnit();
  const inUse = unit.request_count > 0;
  const onRemove = () =>
    remove.mutate(unit.id, {
      onSuccess: () => showToast({ message: `Unit ${unit.number} removed.`, color: 'green' }),
      onError: (error) =>
        showToast({
          message:
            isApiError(error) && error.serverMessage ? error.serverMessage : 'The unit could not be removed.',
          color: 'red',
        }),
    });
  return (
    <Pill size="md">
      <Group gap={4} wrap="nowrap">
        {unit.number}
        <Tooltip label={inUse ? 'Named by a maintenance request' : `Remove unit ${unit.number}`}>
          <ActionIcon
            size="xs"
            variant="subtle"
            color="gray"
            onClick={onRemove}
            loading={remove.isPending}
            disabled={inUse}
            aria-label={`Remove unit ${unit.number} of ${project.name}`}
          >
            <IconX size={12} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Pill>
  );
}

/** A property's units: remove one no request names, add numbers or ranges ("101-110"). */
export function UnitsPanel({ project }: { project: AdminProject }) {
  const list = useProjectUnits(project.id);
  const add = useAddUnits(project.id);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { numbers: '' },
    validate: schemaResolver(unitsInputSchema, { sync: true }),
  });
  const rows = list.data ?? [];

  const submit = form.onSubmit(({ numbers }) => {
    add.mutate(numbers, {
      onSuccess: (result) => {
        form.reset();
        const parts = [`${result.added.length} added`];
        if (result.already_there.length > 0) parts.push(`${result.already_there.join(', ')} already there`);
        showToast({ message: `Units: ${parts.join('; ')}.`, color: 'green' });
      },
      onError: (error) => {
        const message = isApiError(error) ? error.fieldErrors.numbers?.join(' ') : undefined;
        if (message) form.setErrors({ numbers: message });
        else showToast({ message: 'The units could not be added.', color: 'red' });
      },
    });
  });

  return (
    <Stack gap="sm">
      <AdminSectionState
        loading={list.isPending}
        error={list.isError}
        empty={rows.length === 0}
        emptyText="No units yet."
        onRetry={() => list.refetch()}
        label="units"
      />
      {rows.length > 0 ? (
        <ul aria-label={`Units of ${project.name}`} className={classes.units}>
          {rows.map((unit) => (
            <li key={unit.id}>
              <UnitPill unit={unit} project={project} />
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label="Add units"
            description="Comma-separated; a range like 101-110 adds each number."
            placeholder="101-110, 2B"
            style={{ flex: 1 }}
            key={form.key('numbers')}
            {...form.getInputProps('numbers')}
          />
          <Button type="submit" mt={44} loading={add.isPending}>
            Add
          </Button>
        </Group>
      </form>
      {rows.some((unit) => unit.request_count > 0) ? (
        <Text size="xs" c="dimmed">
          Units named by a maintenance request cannot be removed.
        </Text>
      ) : null}
    </Stack>
  );
}
