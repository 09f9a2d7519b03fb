import { Text } from '@mantine/core';
import { useState } from 'react';
import type { PanoramaCloseUp, PanoramaEditor } from '#app/panorama/panorama-photo-modal.tsx';
import type { Angles } from '#app/panorama/sphere-math.ts';
import { openConfirmDialog } from '#app/ui/confirm-dialog.ts';
import { showToast } from '#app/ui/toast.ts';
import { useDeleteCloseUp, useUpdateCloseUp } from './api.ts';
import { CloseUpCaptionDialog } from './close-up-caption-dialog.tsx';
import { CloseUpDialog } from './close-up-dialog.tsx';

const labelOf = (closeUp: PanoramaCloseUp) => closeUp.caption || `close-up ${closeUp.id}`;
/** The view's angles to a tenth of a degree, as the close-up dialog sends them. */
const tenth = (degrees: number) => Math.round(degrees * 10) / 10;

/**
 * What writers do to the close-ups of the open 360° photo (`photoId`): add one where the view
 * points, move one there, change its caption, delete it. `editor` goes to PanoramaPhotoModal;
 * `dialogs` renders beside it.
 */
export function useCloseUpEditor(projectId: string, photoId: number | null) {
  const [addAt, setAddAt] = useState<Angles | null>(null);
  const [captionOf, setCaptionOf] = useState<PanoramaCloseUp | null>(null);
  const remove = useDeleteCloseUp(projectId);
  const update = useUpdateCloseUp(projectId);

  const editor: PanoramaEditor = {
    onAddCloseUp: setAddAt,
    onEditCaption: setCaptionOf,
    onMoveCloseUp: (closeUp, to) =>
      update.mutate(
        { hotspotId: closeUp.id, input: { pitch: tenth(to.pitch), yaw: tenth(to.yaw) } },
        {
          onSuccess: () => showToast({ color: 'green', message: `${labelOf(closeUp)} moved here.` }),
          onError: (error) =>
            showToast({ color: 'red', message: `${labelOf(closeUp)} was not moved: ${error.message}` }),
        },
      ),
    onDeleteCloseUp: (closeUp) =>
      openConfirmDialog({
        title: 'Delete close-up',
        zIndex: 400,
        children: <Text size="sm">Delete {labelOf(closeUp)} from this 360° photo?</Text>,
        labels: { confirm: 'Delete', cancel: 'Cancel' },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          remove.mutate(closeUp.id, {
            onError: (error) =>
              showToast({ color: 'red', message: `${labelOf(closeUp)} was not deleted: ${error.message}` }),
          }),
      }),
  };

  const dialogs = (
    <>
      {photoId !== null && addAt && (
        <CloseUpDialog projectId={projectId} photoId={photoId} at={addAt} onClose={() => setAddAt(null)} />
      )}
      {captionOf && (
        <CloseUpCaptionDialog projectId={projectId} closeUp={captionOf} onClose={() => setCaptionOf(null)} />
      )}
    </>
  );
  return { editor, dialogs };
}
