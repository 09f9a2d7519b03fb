import { Text } from '@mantine/core';
import { openConfirmDialog } from '#app/ui/confirm-dialog.ts';
import { showToast } from '#app/ui/toast.ts';
import type { DocumentationPhotoView } from '#shared/documentation.ts';
import { useDeletePhoto } from './api.ts';

/** Deleting a documentation photo asks first, from the carousel and from the galleries alike. */
export function useConfirmDeletePhoto(projectId: string) {
  const remove = useDeletePhoto(projectId);
  return (photo: DocumentationPhotoView, onDeleted?: () => void) => {
    const label = photo.caption || `photo ${photo.id}`;
    openConfirmDialog({
      title: 'Delete photo',
      children: <Text size="sm">Delete {label} from the property's documentation?</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(photo.id, {
          onSuccess: () => {
            showToast({ color: 'green', message: `${label} deleted.` });
            onDeleted?.();
          },
          onError: (error) =>
            showToast({ color: 'red', message: `${label} was not deleted: ${error.message}` }),
        }),
    });
  };
}
