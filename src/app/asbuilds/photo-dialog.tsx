import { Checkbox, Select, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { z } from 'zod';
import { useProjectUnits } from '#app/properties/api.ts';
import { FormDialog, toastThenClose } from '#app/ui/form-dialog.tsx';
import { ImageFileInput } from '#app/ui/photo-picker.tsx';
import { useSaveErrors } from '#app/ui/use-edit-dialog.ts';
import type { LayoutView } from '#shared/documentation.ts';
import { useUploadPhoto } from './api.ts';
import { CaptionInput, captionSchema, requiredImageSchema } from './caption-field.tsx';

/** Where the new photo goes: a spot on a layout (in-wall), or the property's drone or thermal gallery. */
export type PhotoTarget =
  | { kind: 'in_wall'; layout: LayoutView; x: number; y: number }
  | { kind: 'drone' | 'thermal' };

const TITLES: Record<PhotoTarget['kind'], string> = {
  in_wall: 'Add in-wall photo',
  drone: 'Add drone photo',
  thermal: 'Add thermal image',
};

const FIELDS = ['image', 'caption', 'unit_id', 'taken_at', 'layout_id', 'x'] as const;

interface PhotoFormValues {
  image: File | null;
  caption: string;
  is_360: boolean;
  unit_id: string | null;
  taken_at: string | null;
}

const schema = z.object({
  image: requiredImageSchema,
  caption: captionSchema,
});

/** Uploads one documentation photo; an in-wall photo is pinned where the user clicked the plan. */
export function PhotoDialog({
  projectId,
  target,
  onClose,
}: {
  projectId: string;
  target: PhotoTarget;
  onClose: () => void;
}) {
  const upload = useUploadPhoto(projectId);
  const units = useProjectUnits(Number(projectId));
  const form = useForm<PhotoFormValues>({
    initialValues: {
      image: null,
      caption: '',
      is_360: target.kind === 'in_wall',
      unit_id: null,
      taken_at: null,
    },
    validate: schemaResolver(schema, { sync: true }),
  });
  const { alert, clearAlert, showSaveError } = useSaveErrors(
    form,
    FIELDS,
    'The photo could not be added. Please try again.',
  );

  const submit = form.onSubmit((values) => {
    clearAlert();
    const body = new FormData();
    body.set('kind', target.kind);
    body.set('caption', values.caption.trim());
    body.set('is_360', String(target.kind === 'in_wall' && values.is_360));
    if (target.kind === 'in_wall') {
      body.set('layout_id', String(target.layout.id));
      body.set('x', String(target.x));
      body.set('y', String(target.y));
    }
    if (values.unit_id) body.set('unit_id', values.unit_id);
    if (values.taken_at) body.set('taken_at', dayjs(values.taken_at).format('YYYY-MM-DD'));
    if (values.image) body.set('image', values.image);
    upload.mutate(body, {
      onSuccess: () => toastThenClose('Photo added.', onClose),
      onError: showSaveError,
    });
  });

  return (
    <FormDialog
      onClose={onClose}
      title={TITLES[target.kind]}
      gap="sm"
      onSubmit={submit}
      alert={alert}
      submitLabel="Add photo"
      busy={upload.isPending}
    >
      {target.kind === 'in_wall' && (
        <Text size="sm" c="dimmed">
          On {target.layout.name} at the spot you clicked.
        </Text>
      )}
      <ImageFileInput
        label="Photo"
        description="PNG, JPEG, GIF or WebP, up to 25 MB"
        {...form.getInputProps('image')}
      />
      <CaptionInput placeholder="What the photo shows" {...form.getInputProps('caption')} />
      {target.kind === 'in_wall' && (
        <Checkbox
          label="360° photo (equirectangular)"
          {...form.getInputProps('is_360', { type: 'checkbox' })}
        />
      )}
      <Select
        label="Unit"
        placeholder={units.isPending ? 'Loading units...' : 'None'}
        data={(units.data ?? []).map((unit) => ({ value: String(unit.id), label: unit.number }))}
        clearable
        searchable
        disabled={units.isPending || (units.data ?? []).length === 0}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('unit_id')}
      />
      <DateInput
        label="Taken on"
        placeholder="Pick a date"
        valueFormat="MMM D, YYYY"
        maxDate={dayjs().format('YYYY-MM-DD')}
        clearable
        {...form.getInputProps('taken_at')}
      />
    </FormDialog>
  );
}
