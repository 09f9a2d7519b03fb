import { Button, Card, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { PhotoPicker } from '#app/ui/photo-picker.tsx';
import { showToast } from '#app/ui/toast.ts';
import {
  COMPLETION_PHOTO_MESSAGES,
  completionInputSchema,
  MAX_COMPLETION_PHOTO_BYTES,
  MAX_COMPLETION_PHOTOS,
} from '#shared/lifecycle-schemas.ts';
import { useMarkComplete } from './lifecycle-api.ts';
import { lifecycleErrorMessage } from './lifecycle-error.ts';
import { COMPLETION_QUEUED_MESSAGE } from './pending-completion.tsx';
import { photoProblem } from './photo-rules.ts';

interface CompletionFormValues {
  note: string;
  photos: File[];
}

const LIMITS = {
  maxFiles: MAX_COMPLETION_PHOTOS,
  maxBytes: MAX_COMPLETION_PHOTO_BYTES,
  messages: COMPLETION_PHOTO_MESSAGES,
};

/** The shared schema's note rule (the one the handler runs) and the photo rules. */
export function validateCompletion(values: CompletionFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = completionInputSchema.safeParse({ note: values.note });
  if (!result.success) errors.note = result.error.issues[0]?.message ?? 'Describe the work that was done.';
  const photos = photoProblem(values.photos, LIMITS);
  if (photos) errors.photos = photos;
  return errors;
}

/** The server's reason, or (before anything was sent) a photo this browser could not decode. */
function completionErrorMessage(error: unknown): string {
  if (error instanceof DOMException) return 'A photo could not be read. Choose another photo.';
  return lifecycleErrorMessage(error);
}

/**
 * The awarded vendor's "Mark as complete": a note on the work and photos of it (images only),
 * posted as multipart to /complete/ through the offline outbox. The manager then confirms or sends it back.
 */
export function VendorCompletionForm({ requestId }: { requestId: number }) {
  const form = useForm<CompletionFormValues>({
    initialValues: { note: '', photos: [] },
    validate: validateCompletion,
  });
  const complete = useMarkComplete(requestId);

  const submit = form.onSubmit((values) =>
    complete.mutate(values, {
      onSuccess: (result) => {
        form.reset();
        // Queued: the panel shows the waiting completion in place of this form.
        showToast(
          result.kind === 'queued'
            ? { color: 'blue', title: 'Completion saved', message: COMPLETION_QUEUED_MESSAGE }
            : {
                color: 'green',
                title: 'Marked complete',
                message: 'The property manager has been asked to confirm.',
              },
        );
      },
    }),
  );

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate aria-labelledby="mark-complete-title">
        <Stack gap="sm">
          <Title order={2} fz="h4" id="mark-complete-title">
            Mark as complete
          </Title>
          <Text size="sm" c="dimmed">
            Describe the work you did and attach photos of the finished job.
          </Text>
          {complete.isError ? <ErrorAlert>{completionErrorMessage(complete.error)}</ErrorAlert> : null}
          <Textarea
            label="Completion note"
            required
            autosize
            minRows={3}
            maxLength={5000}
            {...form.getInputProps('note')}
          />
          <PhotoPicker
            label="Completion photos"
            value={form.values.photos}
            onChange={(files) => form.setFieldValue('photos', files)}
            error={form.errors.photos}
          />
          <Button type="submit" loading={complete.isPending} color="green" w={{ base: '100%', xs: 'auto' }}>
            Mark as complete
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
