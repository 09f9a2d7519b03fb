import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { lazy, Suspense, useReducer, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isApiError } from '#app/lib/api-error.ts';
import { showToast } from '#app/ui/toast.ts';
import type {
  DocumentationPhotoView,
  LayoutPolygonView,
  ProjectDocumentation,
} from '#shared/documentation.ts';
import { useDeleteLayout, useDeletePolygon, useKeepPolygon, useUpdateLayout } from './api.ts';
import classes from './asbuilds.module.css';
import { useConfirmDeletePhoto } from './confirm-delete-photo.tsx';
import {
  canClose,
  type DrawingAction,
  type DrawingState,
  drawingReducer,
  emptyDrawing,
} from './drawing-state.ts';
import { LayoutDialog } from './layout-dialog.tsx';
import { LayoutStage, type ViewerMode } from './layout-stage.tsx';
import { PhotoCarousel } from './photo-carousel.tsx';
import { PhotoDialog, type PhotoTarget } from './photo-dialog.tsx';
import { type PanelPolygon, PolygonCoordinatesPanel } from './polygon-coordinates-panel.tsx';
import { PolygonList } from './polygon-list.tsx';
import type { PolygonSelection } from './polygon-selection.ts';
import { useCloseUpEditor } from './use-close-up-editor.tsx';
import { useStageView } from './use-stage-view.ts';
import { ViewerToolbar } from './viewer-toolbar.tsx';

// three.js comes with the sphere viewer only, when a 360-degree photo is opened.
const PanoramaPhotoModal = lazy(() => import('#app/panorama/panorama-photo-modal.tsx'));

type Drawings = Record<number, DrawingState>;

/** One drawing per layout, so switching layouts keeps what was measured on each. */
function drawingsReducer(state: Drawings, action: DrawingAction & { layoutId: number }): Drawings {
  return { ...state, [action.layoutId]: drawingReducer(state[action.layoutId] ?? emptyDrawing, action) };
}

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
  const [mode, setMode] = useState<ViewerMode>('view');
  const [drawings, dispatchDrawing] = useReducer(drawingsReducer, {});
  const [selection, setSelection] = useState<PolygonSelection>({ kind: 'current' });
  const [selectedPhotoId, setSelectedPhotoId] = useState<number | null>(null);
  // By id: the photo (and its close-ups) is read from the latest answer, so an added close-up shows.
  const [sphereId, setSphereId] = useState<number | null>(null);
  const [keepErrors, setKeepErrors] = useState<Record<string, string[]>>({});
  const [layoutDialog, setLayoutDialog] = useState<'add' | 'edit' | null>(null);
  const [photoTarget, setPhotoTarget] = useState<PhotoTarget | null>(null);
  const canEdit = documentation?.can_edit ?? false;

  const { ref: sizeRef, width, height } = useElementSize<HTMLDivElement>();
  const stageElement = useRef<HTMLDivElement | null>(null);
  const stageRef = useMergedRef(sizeRef, stageElement);
  const stage = useStageView(
    { width, height },
    { width: layout?.width_px ?? 0, height: layout?.height_px ?? 0 },
    layout?.id ?? null,
  );

  const keep = useKeepPolygon(projectId);
  const remove = useDeletePolygon(projectId);
  const removeLayout = useDeleteLayout(projectId);
  const updateLayout = useUpdateLayout(projectId);

  const drawing = (layout && drawings[layout.id]) || emptyDrawing;
  const sphere = layouts.flatMap((item) => item.photos).find((photo) => photo.id === sphereId) ?? null;
  const setSphere = (photo: DocumentationPhotoView | null) => setSphereId(photo?.id ?? null);
  const closeUps = useCloseUpEditor(projectId, sphere?.id ?? null);
  const dispatch = (action: DrawingAction) => {
    if (layout) dispatchDrawing({ ...action, layoutId: layout.id });
  };
  const panel = layout ? panelPolygon(selection, drawing, layout.polygons) : null;

  const chooseLayout = (layoutId: number) => {
    setSearchParams(
      (params) => {
        params.set('layout', String(layoutId));
        return params;
      },
      { replace: true },
    );
    setSelection({ kind: 'current' });
    setSelectedPhotoId(null);
  };

  const onKeep = (name: string) => {
    if (!layout || !panel) return;
    const source = selection;
    setKeepErrors({});
    keep.mutate(
      { layoutId: layout.id, input: { name, points: panel.points } },
      {
        onSuccess: (kept) => {
          if (source.kind === 'current') dispatch({ type: 'clear-current' });
          if (source.kind === 'draft') dispatch({ type: 'remove-draft', key: source.key });
          setSelection({ kind: 'saved', id: kept.id });
          showToast({ color: 'green', message: `Kept ${kept.name || `polygon #${kept.id}`}.` });
        },
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fieldErrors).length > 0)
            setKeepErrors(error.fieldErrors);
          else showToast({ color: 'red', message: `The polygon was not kept: ${error.message}` });
        },
      },
    );
  };

  const onDelete = (polygon: LayoutPolygonView) => {
    if (!layout) return;
    const label = polygon.name || `polygon #${polygon.id}`;
    modals.openConfirmModal({
      title: 'Delete polygon',
      children: <Text size="sm">Delete {label} from this layout for everyone on the team?</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(
          { layoutId: layout.id, polygonId: polygon.id },
          {
            onSuccess: () => {
              if (selection.kind === 'saved' && selection.id === polygon.id)
                setSelection({ kind: 'current' });
            },
            onError: (error) =>
              showToast({ color: 'red', message: `${label} was not deleted: ${error.message}` }),
          },
        ),
    });
  };

  const onDeleteLayout = () => {
    if (!layout) return;
    modals.openConfirmModal({
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

  const onPinClick = (photo: DocumentationPhotoView) => {
    setSelectedPhotoId(photo.id);
    if (photo.is_360) setSphere(photo);
    else document.getElementById('photo-carousel')?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  };

  const loading = documentation === undefined;
  return (
    <Stack gap="md">
      <ViewerToolbar
        layouts={layouts}
        loading={loading}
        layout={layout}
        onLayoutChange={chooseLayout}
        stage={stage}
        toolsShown={toolsShown}
        onToggleTools={() => {
          setToolsShown((shown) => !shown);
          setMode(toolsShown ? 'view' : 'measure');
        }}
        mode={mode}
        onModeChange={setMode}
        canClose={canClose(drawing)}
        hasCurrent={drawing.current.length > 0}
        onNewPolygon={() => {
          dispatch({ type: 'new-polygon' });
          setSelection({ kind: 'current' });
          setMode('measure');
        }}
        onClosePolygon={() => {
          dispatch({ type: 'close' });
          setSelection({ kind: 'current' });
        }}
        onClearCurrent={() => dispatch({ type: 'clear-current' })}
        editor={
          canEdit
            ? {
                onAddLayout: () => setLayoutDialog('add'),
                onEditLayout: () => setLayoutDialog('edit'),
                onDeleteLayout,
                onAddPhoto: () => setMode('place'),
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
                <Button size="xs" variant="white" onClick={() => setMode('view')}>
                  Cancel
                </Button>
              </Group>
            </Alert>
          )}
          {layout ? (
            <LayoutStage
              layout={layout}
              stage={stage}
              stageRef={stageRef}
              stageElement={stageElement}
              stageSize={{ width, height }}
              mode={mode}
              drawing={drawing}
              selection={selection}
              selectedPhotoId={selectedPhotoId}
              onAddPoint={(point) => {
                dispatch({ type: 'add-point', point });
                setSelection({ kind: 'current' });
              }}
              onUndoPoint={() => dispatch({ type: 'undo-point' })}
              onClose={() => dispatch({ type: 'close' })}
              onPinClick={onPinClick}
              onPlace={(point) => {
                setMode('view');
                setPhotoTarget({
                  kind: 'in_wall',
                  layout,
                  x: point.x / layout.width_px,
                  y: point.y / layout.height_px,
                });
              }}
            />
          ) : (
            <div className={classes.stage} ref={stageRef} data-empty>
              <div className={classes.stageMessage}>
                <Text size="sm" c="dimmed">
                  {loading
                    ? 'Loading layouts...'
                    : canEdit
                      ? 'No layouts for this property yet. Add one with Edit documentation, Add layout.'
                      : 'No layouts for this property yet.'}
                </Text>
              </div>
            </div>
          )}
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
              deletingId={remove.isPending ? (remove.variables?.polygonId ?? null) : null}
              onSelect={setSelection}
              onRemoveDraft={(key) => dispatch({ type: 'remove-draft', key })}
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
      {layoutDialog && (
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
