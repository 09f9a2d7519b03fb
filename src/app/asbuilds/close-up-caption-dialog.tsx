import { Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { DialogActions } from '#app/ui/dialog-actions.tsx';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { showToast } from '#app/ui/toast.ts';
import { useSaveErrors } from '#app/ui/use-edit-dialog.ts';
import { MAX_CAPTION } from '#shared/documentation-uploads.ts';
import { useUpdateCloseUp } from './api.ts';

const schema = z.object({
  caption: z
    .string()
    .trim()
    .max(MAX_CAPTION, `Ensure this field has no more than ${MAX_CAPTION} characters.`),
});

/** A close-up's caption, changed in place (the photo itself is replaced by deleting and adding). */
export function CloseUpCaptionDialog({
  projectId,
  closeUp,
  onClose,
}: {
  projectId: string;
  closeUp: { id: number; caption: string };
  onClose: () => void;
}) {
  const update = useUpdateCloseUp(projectId);
  const form = useForm({
    initialValues: { caption: closeUp.caption },
    validate: schemaResolver(schema, { sync: true }),
  });
  const { alert, clearAlert, showSaveError } = useSaveErrors(
    form,
    ['caption'],
    'The caption could not be saved. Please try again.',
  );

  const submit = form.onSubmit((values) => {
    clearAlert();
    update.mutate(
      { hotspotId: closeUp.id, input: { caption: values.caption.trim() } },
      {
        onSuccess: () => {
          showToast({ color: 'green', message: 'Caption saved.' });
          onClose();
        },
        onError: showSaveError,
      },
    );
  });

  return (
    // Above the 360° photo's modal, which stays open underneath.
    <Modal opened onClose={onClose} title="Edit close-up caption" centered zIndex={400}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {alert && <ErrorAlert>{alert}</ErrorAlert>}
          <TextInput
            label="Caption"
            placeholder="What the close-up shows"
            maxLength={MAX_CAPTION}
            data-autofocus
            {...form.getInputProps('caption')}
          />
          <DialogActions submitLabel="Save caption" busy={update.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
