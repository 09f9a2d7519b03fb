import { Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { describeAngles } from '#app/panorama/sphere-math.ts';
import { FormDialog, toastThenClose } from '#app/ui/form-dialog.tsx';
import { ImageFileInput } from '#app/ui/photo-picker.tsx';
import { useSaveErrors } from '#app/ui/use-edit-dialog.ts';
import { useAddCloseUp } from './api.ts';
import { CaptionInput, captionSchema, requiredImageSchema } from './caption-field.tsx';

const schema = z.object({
  image: requiredImageSchema,
  caption: captionSchema,
});

/** A close-up photo placed inside a 360-degree photo where its view points (pitch and yaw). */
export function CloseUpDialog({
  projectId,
  photoId,
  at,
  onClose,
}: {
  projectId: string;
  photoId: number;
  at: { pitch: number; yaw: number };
  onClose: () => void;
}) {
  const add = useAddCloseUp(projectId);
  const form = useForm<{ image: File | null; caption: string }>({
    initialValues: { image: null, caption: '' },
    validate: schemaResolver(schema, { sync: true }),
  });
  const { alert, clearAlert, showSaveError } = useSaveErrors(
    form,
    ['image', 'caption'],
    'The close-up could not be added. Please try again.',
  );

  const submit = form.onSubmit((values) => {
    clearAlert();
    const formData = new FormData();
    formData.set('pitch', String(Math.round(at.pitch * 10) / 10));
    formData.set('yaw', String(Math.round(at.yaw * 10) / 10));
    formData.set('caption', values.caption.trim());
    if (values.image) formData.set('image', values.image);
    add.mutate(
      { photoId, formData },
      {
        onSuccess: () => toastThenClose('Close-up added.', onClose),
        onError: showSaveError,
      },
    );
  });

  return (
    <FormDialog
      onClose={onClose}
      title="Add close-up"
      zIndex={400}
      gap="sm"
      onSubmit={submit}
      alert={alert}
      submitLabel="Add close-up"
      busy={add.isPending}
    >
      <Text size="sm" c="dimmed">
        Placed where the 360° view points now ({describeAngles(at)}).
      </Text>
      <ImageFileInput label="Close-up photo" {...form.getInputProps('image')} />
      <CaptionInput placeholder="What the close-up shows" {...form.getInputProps('caption')} />
    </FormDialog>
  );
}
