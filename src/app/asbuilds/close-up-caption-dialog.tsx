import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { FormDialog, toastThenClose } from '#app/ui/form-dialog.tsx';
import { useSaveErrors } from '#app/ui/use-edit-dialog.ts';
import { useUpdateCloseUp } from './api.ts';
import { CaptionInput, captionSchema } from './caption-field.tsx';

const schema = z.object({
  caption: captionSchema,
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
        onSuccess: () => toastThenClose('Caption saved.', onClose),
        onError: showSaveError,
      },
    );
  });

  return (
    // Above the 360° photo's modal, which stays open underneath.
    <FormDialog
      onClose={onClose}
      title="Edit close-up caption"
      zIndex={400}
      gap="sm"
      onSubmit={submit}
      alert={alert}
      submitLabel="Save caption"
      busy={update.isPending}
    >
      <CaptionInput placeholder="What the close-up shows" data-autofocus {...form.getInputProps('caption')} />
    </FormDialog>
  );
}
