import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isApiError } from '#app/lib/api-error.ts';
import { openConfirmDialog } from '#app/ui/confirm-dialog.ts';
import { showToast } from '#app/ui/toast.ts';
import type {
  DocumentationPhotoView,
  LayoutPolygonView,
  ProjectDocumentation,
} from '#shared/documentation.ts';
import { canClose, type DrawingState } from '#viewer/drawing-state.ts';
import type { PolygonSelection } from '#viewer/polygon-selection.ts';
import { useDeleteLayout, useDeletePolygon, useKeepPolygon, useUpdateLayout } from './api.ts';
import classes from './asbuilds.module.css';
import { useConfirmDeletePhoto } from './confirm-delete-photo.tsx';
import { useCsrfMetaTag } from './csrf-meta.ts';
import { LayoutDialog } from './layout-dialog.tsx';
import { LayoutStage } from './layout-stage.tsx';
import { PhotoCarousel } from './photo-carousel.tsx';
import { PhotoDialog, type PhotoTarget } from './photo-dialog.tsx';
import { type PanelPolygon, PolygonCoordinatesPanel } from './polygon-coordinates-panel.tsx';
import { PolygonList } from './polygon-list.tsx';
import { ShareLayoutDialog } from './share-layout-dialog.tsx';
import { useCloseUpEditor } from './use-close-up-editor.tsx';
import { useInteractiveViewer } from './use-interactive-viewer.ts';
import { toViewerLayout } from './viewer-layout.ts';
import { ViewerToolbar } from './viewer-toolbar.tsx';

// three.js comes with the sphere viewer only, when a 360-degree photo is opened.
const PanoramaPhotoModal = lazy(() => import('#app/panorama/panorama-photo-modal.tsx'));

function panelPolygon(
  selection: PolygonSelection,
  drawing: DrawingState,
  saved: LayoutPolygonView[],
): PanelPolygon | null {
  if (selection.kind === 'current')
    return {
      label: 'Current polygon',
      points: drawing.current,
      closed: drawing.closed,
      keepable: drawing.closed,
    };
  if (selection.kind === 'draft') {
    const index = drawing.drafts.findIndex((draft) => draft.key === selection.key);
    const draft = drawing.drafts[index];
    return draft
      ? { label: `Measured polygon ${index + 1}`, points: draft.points, closed: true, keepable: true }
      : null;
  }
  const polygon = saved.find((item) => item.id === selection.id);
  return polygon
    ? {
        label: polygon.name || `Polygon #${polygon.id}`,
        points: polygon.points,
        closed: true,
        keepable: false,
      }
    : null;
}

/**
 * The interactive as-builds viewer (signed-in spec, "Project as-builds page"): layout selector,
 * zoom and pan, view and measure modes, the red photo buttons with their carousel, and the right
 * sidebar with the polygons and the Polygon Coordinates panel.
 */
export function AsbuildsViewer({
  projectId,
  documentation,
}: {
  projectId: string;
  documentation: ProjectDocumentation | undefined;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const layouts = documentation?.layouts ?? [];
  const wanted = Number(searchParams.get('layout'));
  const layout = layouts.find((item) => item.id === wanted) ?? layouts[0] ?? null;

  const [toolsShown, setToolsShown] = useState(false);
  const [selectedPhotoId, setSelectedPhotoId] = useState<number | null>(null);
  // By id: the photo (and its close-ups) is read from the latest answer, so an added close-up shows.
  const [sphereId, setSphereId] = useState<number | null>(null);
  const [keepErrors, setKeepErrors] = useState<Record<string, string[]>>({});
  const [layoutDialog, setLayoutDialog] = useState<'add' | 'edit' | 'share' | null>(null);
  const [photoTarget, setPhotoTarget] = useState<PhotoTarget | null>(null);
  const canEdit = documentation?.can_edit ?? false;

  // The plan stage, zoom and pan, pins and measuring are the framework-free viewer's
  // (/static/js/interactive-viewer.js); its writes send the page's CSRF meta tag.
  useCsrfMetaTag();
  const sphere = layouts.flatMap((item) => item.photos).find((photo) => photo.id === sphereId) ?? null;
  const setSphere = (photo: DocumentationPhotoView | null) => setSphereId(photo?.id ?? null);
  const onPinClick = (photoId: number) => {
    const photo = layout?.photos.find((item) => item.id === photoId);
    if (!photo) return;
    setSelectedPhotoId(photo.id);
    if (photo.is_360) setSphere(photo);
    else document.getElementById('photo-carousel')?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  };
  const { hostRef, viewer, state, load } = useInteractiveViewer({
    onPin: (pin) => onPinClick(pin.id),
    onPlace: (point) => {
      if (!layout) return;
      viewer?.setMode('view');
      setPhotoTarget({
        kind: 'in_wall',
        layout,
        x: point.x / layout.width_px,
        y: point.y / layout.height_px,
      });
    },
  });
  const { mode, drawing, selection } = state;
  useEffect(() => viewer?.setLayout(layout ? toViewerLayout(layout) : null), [viewer, layout]);
  useEffect(() => viewer?.selectPin(selectedPhotoId), [viewer, selectedPhotoId]);

  const keep = useKeepPolygon(projectId, viewer);
  const remove = useDeletePolygon(projectId, viewer);
  const removeLayout = useDeleteLayout(projectId);
  const updateLayout = useUpdateLayout(projectId);

  const closeUps = useCloseUpEditor(projectId, sphere?.id ?? null);
  const panel = layout ? panelPolygon(selection, drawing, layout.polygons) : null;

  const chooseLayout = (layoutId: number) => {
    setSearchParams(
      (params) => {
        params.set('layout', String(layoutId));
        return params;
      },
      { replace: true },
    );
    // The viewer starts each layout with the current polygon selected.
    setSelectedPhotoId(null);
  };

  const onKeep = (name: string) => {
    if (!panel?.keepable) return;
    setKeepErrors({});
    keep.mutate(name, {
      onSuccess: (kept) =>
        showToast({ color: 'green', message: `Kept ${kept.name || `polygon #${kept.id}`}.` }),
      onError: (error) => {
        if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) setKeepErrors(error.fieldErrors);
        else showToast({ color: 'red', message: `The polygon was not kept: ${error.message}` });
      },
    });
  };

  const onDelete = (polygon: LayoutPolygonView) => {
    if (!layout) return;
    const label = polygon.name || `polygon #${polygon.id}`;
    openConfirmDialog({
      title: 'Delete polygon',
      children: <Text size="sm">Delete {label} from this layout for everyone on the team?</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(polygon.id, {
          onError: (error) =>
            showToast({ color: 'red', message: `${label} was not deleted: ${error.message}` }),
        }),
    });
  };

  const onDeleteLayout = () => {
    if (!layout) return;
    openConfirmDialog({
      title: 'Delete layout',
      children: (
        <Text size="sm">
          Delete {layout.name} with its {layout.photos.length} photo(s) and {layout.polygons.length}{' '}
          polygon(s)? This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        removeLayout.mutate(layout.id, {
          onSuccess: () => {
            showToast({ color: 'green', message: `${layout.name} deleted.` });
            setSearchParams(
              (params) => {
                params.delete('layout');
                return params;
              },
              { replace: true },
            );
          },
          onError: (error) =>
            showToast({ color: 'red', message: `${layout.name} was not deleted: ${error.message}` }),
        }),
    });
  };

  const confirmDeletePhoto = useConfirmDeletePhoto(projectId);
  const onDeletePhoto = (photo: DocumentationPhotoView) =>
    confirmDeletePhoto(photo, () => setSelectedPhotoId(null));

  const onSetScale = (feetPerPixel: number) => {
    if (!layout) return;
    updateLayout.mutate(
      { layoutId: layout.id, input: { feet_per_pixel: feetPerPixel } },
      {
        onSuccess: () => showToast({ color: 'green', message: `Scale of ${layout.name} set.` }),
        onError: (error) => showToast({ color: 'red', message: `The scale was not set: ${error.message}` }),
      },
    );
  };

  const loading = documentation === undefined;
  return (
    <Stack gap="md">
      <ViewerToolbar
        layouts={layouts}
        loading={loading}
        layout={layout}
        onLayoutChange={chooseLayout}
        zoom={viewer}
        toolsShown={toolsShown}
        onToggleTools={() => {
          setToolsShown((shown) => !shown);
          viewer?.setMode(toolsShown ? 'view' : 'measure');
        }}
        mode={mode}
        onModeChange={(next) => viewer?.setMode(next)}
        canClose={canClose(drawing)}
        hasCurrent={drawing.current.length > 0}
        onNewPolygon={() => viewer?.newPolygon()}
        onClosePolygon={() => viewer?.closePolygon()}
        onClearCurrent={() => viewer?.clearCurrent()}
        editor={
          canEdit
            ? {
                onAddLayout: () => setLayoutDialog('add'),
                onEditLayout: () => setLayoutDialog('edit'),
                onDeleteLayout,
                onAddPhoto: () => viewer?.setMode('place'),
                onShareLayout: () => setLayoutDialog('share'),
              }
            : undefined
        }
      />
      <div className={classes.viewer}>
        <Stack gap="md" style={{ minWidth: 0, position: 'relative' }}>
          {mode === 'place' && (
            <Alert color="blue" variant="filled" role="status" className={classes.stageHint}>
              <Group justify="space-between" gap="xs">
                <Text size="sm">Click the plan where the new photo was taken.</Text>
                <Button size="xs" variant="white" onClick={() => viewer?.setMode('view')}>
                  Cancel
                </Button>
              </Group>
            </Alert>
          )}
          <LayoutStage
            hostRef={hostRef}
            load={load}
            hasLayout={layout !== null}
            emptyText={
              loading
                ? 'Loading layouts...'
                : canEdit
                  ? 'No layouts for this property yet. Add one with Edit documentation, Add layout.'
                  : 'No layouts for this property yet.'
            }
          />
          {layout && (
            <PhotoCarousel
              photos={layout.photos}
              selectedId={selectedPhotoId}
              onSelect={setSelectedPhotoId}
              onOpen360={setSphere}
              onDelete={canEdit ? onDeletePhoto : undefined}
            />
          )}
        </Stack>
        {layout && (
          <Stack gap="md" component="aside" aria-label="Layout details">
            <Text size="sm" c="dimmed">
              {layout.name}: {layout.width_px} × {layout.height_px} px ·{' '}
              {layout.feet_per_pixel
                ? `1 px = ${layout.feet_per_pixel} ft`
                : 'not calibrated, measures in pixels'}
            </Text>
            <PolygonList
              saved={layout.polygons}
              drawing={drawing}
              feetPerPixel={layout.feet_per_pixel}
              selection={selection}
              canEdit={canEdit}
              deletingId={remove.isPending ? (remove.variables ?? null) : null}
              onSelect={(next) => viewer?.select(next)}
              onRemoveDraft={(key) => viewer?.removeDraft(key)}
              onDelete={onDelete}
            />
            <PolygonCoordinatesPanel
              key={`${selection.kind}-${selection.kind === 'draft' ? selection.key : selection.kind === 'saved' ? selection.id : ''}`}
              polygon={panel}
              feetPerPixel={layout.feet_per_pixel}
              canEdit={canEdit}
              keeping={keep.isPending}
              onSetScale={onSetScale}
              keepErrors={keepErrors}
              onKeep={onKeep}
            />
          </Stack>
        )}
      </div>
      {closeUps.dialogs}
      {layoutDialog === 'share' && layout && (
        <ShareLayoutDialog layout={layout} onClose={() => setLayoutDialog(null)} />
      )}
      {(layoutDialog === 'add' || layoutDialog === 'edit') && (
        <LayoutDialog
          projectId={projectId}
          layout={layoutDialog === 'edit' ? layout : null}
          onClose={() => setLayoutDialog(null)}
          onAdded={(added) => chooseLayout(added.id)}
        />
      )}
      {photoTarget && (
        <PhotoDialog projectId={projectId} target={photoTarget} onClose={() => setPhotoTarget(null)} />
      )}
      {sphere && (
        <Suspense fallback={null}>
          <PanoramaPhotoModal
            opened
            onClose={() => setSphere(null)}
            title={sphere.caption || `Photo ${sphere.id}`}
            imageUrl={sphere.url}
            hotspots={sphere.hotspots}
            editor={canEdit ? closeUps.editor : undefined}
          />
        </Suspense>
      )}
    </Stack>
  );
}
