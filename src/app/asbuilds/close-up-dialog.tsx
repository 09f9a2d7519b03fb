import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { describeAngles } from '#app/panorama/sphere-math.ts';
import { DialogActions } from '#app/ui/dialog-actions.tsx';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { ImageFileInput } from '#app/ui/photo-picker.tsx';
import { showToast } from '#app/ui/toast.ts';
import { useSaveErrors } from '#app/ui/use-edit-dialog.ts';
import { DOCUMENTATION_UPLOAD_MESSAGES, MAX_CAPTION } from '#shared/documentation-uploads.ts';
import { useAddCloseUp } from './api.ts';

const schema = z.object({
  image: z.instanceof(File, { error: DOCUMENTATION_UPLOAD_MESSAGES.required }),
  caption: z
    .string()
    .trim()
    .max(MAX_CAPTION, `Ensure this field has no more than ${MAX_CAPTION} characters.`),
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
        onSuccess: () => {
          showToast({ color: 'green', message: 'Close-up added.' });
          onClose();
        },
        onError: showSaveError,
      },
    );
  });

  return (
    <Modal opened onClose={onClose} title="Add close-up" centered zIndex={400}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {alert && <ErrorAlert>{alert}</ErrorAlert>}
          <Text size="sm" c="dimmed">
            Placed where the 360° view points now ({describeAngles(at)}).
          </Text>
          <ImageFileInput label="Close-up photo" {...form.getInputProps('image')} />
          <TextInput
            label="Caption"
            placeholder="What the close-up shows"
            maxLength={MAX_CAPTION}
            {...form.getInputProps('caption')}
          />
          <DialogActions submitLabel="Add close-up" busy={add.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
