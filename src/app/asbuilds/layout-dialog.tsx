import { NumberInput, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { FormDialog, toastThenClose } from '#app/ui/form-dialog.tsx';
import { ImageFileInput } from '#app/ui/photo-picker.tsx';
import { useSaveErrors } from '#app/ui/use-edit-dialog.ts';
import type { LayoutView } from '#shared/documentation.ts';
import { layoutUploadSchema } from '#shared/documentation-uploads.ts';
import { useUpdateLayout, useUploadLayout } from './api.ts';
import { requiredImageSchema } from './caption-field.tsx';

const FIELDS = ['name', 'feet_per_pixel', 'image'] as const;

interface LayoutFormValues {
  name: string;
  feet_per_pixel: number | string;
  image: File | null;
}

const addSchema = layoutUploadSchema.extend({
  image: requiredImageSchema,
});

/**
 * Add a floor plan (image, name, optional scale) or edit one (name and scale). The scale is feet
 * per image pixel; the measure panel can also set it from a line of known length.
 */
export function LayoutDialog({
  projectId,
  layout,
  onClose,
  onAdded,
}: {
  projectId: string;
  /** null: a new layout. */
  layout: LayoutView | null;
  onClose: () => void;
  onAdded: (layout: LayoutView) => void;
}) {
  const upload = useUploadLayout(projectId);
  const update = useUpdateLayout(projectId);
  const form = useForm<LayoutFormValues>({
    initialValues: { name: layout?.name ?? '', feet_per_pixel: layout?.feet_per_pixel ?? '', image: null },
    validate: schemaResolver(layout ? addSchema.omit({ image: true }) : addSchema, { sync: true }),
  });
  const { alert, clearAlert, showSaveError } = useSaveErrors(
    form,
    FIELDS,
    'The layout could not be saved. Please try again.',
  );

  const submit = form.onSubmit((values) => {
    clearAlert();
    const feet = values.feet_per_pixel === '' ? null : Number(values.feet_per_pixel);
    if (layout) {
      update.mutate(
        { layoutId: layout.id, input: { name: values.name.trim(), feet_per_pixel: feet } },
        {
          onSuccess: (saved) => toastThenClose(`Layout ${saved.name} saved.`, onClose),
          onError: showSaveError,
        },
      );
      return;
    }
    const body = new FormData();
    body.set('name', values.name.trim());
    if (feet !== null) body.set('feet_per_pixel', String(feet));
    if (values.image) body.set('image', values.image);
    upload.mutate(body, {
      onSuccess: (saved) => {
        onAdded(saved);
        toastThenClose(`Layout ${saved.name} added.`, onClose);
      },
      onError: showSaveError,
    });
  });

  return (
    <FormDialog
      onClose={onClose}
      title={layout ? `Edit ${layout.name}` : 'Add layout'}
      gap="sm"
      onSubmit={submit}
      alert={alert}
      submitLabel={layout ? 'Save' : 'Add layout'}
      busy={upload.isPending || update.isPending}
    >
      <TextInput
        label="Name"
        placeholder="e.g. Level 2"
        withAsterisk
        maxLength={100}
        {...form.getInputProps('name')}
      />
      {!layout && (
        <ImageFileInput
          label="Floor plan image"
          description="PNG, JPEG, GIF or WebP, up to 20 MB"
          {...form.getInputProps('image')}
        />
      )}
      <NumberInput
        label="Scale: feet per pixel"
        description="Leave empty to measure in pixels; or measure a known wall and use Set scale."
        min={0}
        decimalScale={6}
        allowNegative={false}
        {...form.getInputProps('feet_per_pixel')}
      />
    </FormDialog>
  );
}
