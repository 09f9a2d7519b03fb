import type { LayoutPolygonView, PointView } from '#shared/documentation.ts';
import type {
  FieldBidViewerGlobal,
  InteractiveViewer,
  MountedViewer,
  ViewerLayout,
  ViewerOptions,
  ViewerState,
} from './viewer-api.ts';
import { writeWithPageToken } from './viewer-writes.ts';

const segment = (value: number) => encodeURIComponent(String(value));

/** The points "Keep polygon" would send: the closed current polygon or the selected draft. */
function keepablePoints(state: ViewerState): PointView[] | null {
  const { selection, drawing } = state;
  if (selection.kind === 'current') return drawing.closed ? drawing.current : null;
  if (selection.kind === 'draft')
    return drawing.drafts.find((draft) => draft.key === selection.key)?.points ?? null;
  return null;
}

/**
 * The core mounted for a page of the app: the viewer itself plus the writes it makes (keeping and
 * deleting polygons), sent with the session cookie and the page's CSRF meta tag.
 */
export function mountViewer(
  core: FieldBidViewerGlobal,
  host: HTMLElement,
  options?: ViewerOptions,
): MountedViewer {
  const viewer: InteractiveViewer = core.createViewer(host, options);
  let layout: ViewerLayout | null = null;

  return {
    ...viewer,
    setLayout(next) {
      layout = next;
      viewer.setLayout(next);
    },
    async keepPolygon(name) {
      const state = viewer.getState();
      const points = keepablePoints(state);
      if (!layout || !points) throw { status: 0, body: null, message: 'Close the polygon first.' };
      const source = state.selection;
      const kept = (await writeWithPageToken('POST', `/api/layouts/${segment(layout.id)}/polygons/`, {
        name,
        points,
      })) as LayoutPolygonView;
      if (source.kind === 'current') viewer.clearCurrent();
      if (source.kind === 'draft') viewer.removeDraft(source.key);
      viewer.select({ kind: 'saved', id: kept.id });
      return kept;
    },
    async deletePolygon(polygonId) {
      if (!layout) return;
      await writeWithPageToken(
        'DELETE',
        `/api/layouts/${segment(layout.id)}/polygons/${segment(polygonId)}/`,
      );
      const { selection } = viewer.getState();
      if (selection.kind === 'saved' && selection.id === polygonId) viewer.select({ kind: 'current' });
    },
  };
}
