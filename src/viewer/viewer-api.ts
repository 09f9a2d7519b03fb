import type { LayoutPolygonView, PointView } from '#shared/documentation.ts';
import type { DrawingState } from './drawing-state.ts';
import type { PolygonSelection } from './polygon-selection.ts';

/*
 * The interactive viewer's public surface: what /static/js/interactive-viewer.js puts on
 * `window.FieldBidViewer`, what interactive-viewer-init.js adds to it, and what a page gets back.
 * Types only, so the React app can name them without bundling the viewer.
 */

/** view: pan and click pins; measure: clicks add polygon points; place: a click picks a spot (new photo). */
export type ViewerMode = 'view' | 'measure' | 'place';

/** A red button on the plan. */
export interface ViewerPin {
  id: number;
  /** Fractions (0..1) of the plan's width and height. */
  x: number;
  y: number;
  /** The button's accessible name. */
  label: string;
  /** Shown on hover (and by the embed when the pin is chosen). */
  caption: string;
}

/** A polygon kept on the server, drawn on the plan in image pixels. */
export interface ViewerPolygon {
  id: number;
  name: string;
  points: PointView[];
  /** Hover text, e.g. "Lobby · 1,204 sq ft". */
  title?: string;
}

/** A request's spot on the plan, in image pixels, with the affected area if one was drawn. */
export interface ViewerSpot {
  x: number;
  y: number;
  area: PointView[] | null;
}

export interface ViewerLayout {
  id: number;
  name: string;
  url: string;
  width_px: number;
  height_px: number;
  pins: ViewerPin[];
  polygons: ViewerPolygon[];
  /** Drawn read-only above the plan (a request's location); none when absent. */
  spot?: ViewerSpot | null;
}

export type PlanImageState = 'loading' | 'ready' | 'failed';

/** A snapshot: a new object whenever anything in it changes (so React can compare by identity). */
export interface ViewerState {
  layoutId: number | null;
  mode: ViewerMode;
  /** The measure mode's polygons on the current layout (each layout keeps its own). */
  drawing: DrawingState;
  /** Which polygon the Polygon Coordinates panel shows. */
  selection: PolygonSelection;
  selectedPinId: number | null;
  imageState: PlanImageState;
}

export interface ViewerOptions {
  /** A pin was chosen (click or keyboard). */
  onPin?: (pin: ViewerPin) => void;
  /** Place mode: the spot clicked, in image pixels. */
  onPlace?: (point: PointView) => void;
  /** Zoom buttons drawn on the plan itself, for pages without a toolbar of their own (the embed). */
  controls?: boolean;
}

export interface InteractiveViewer {
  setLayout(layout: ViewerLayout | null): void;
  setMode(mode: ViewerMode): void;
  zoomIn(): void;
  zoomOut(): void;
  /** Back to the whole plan, centred. */
  reset(): void;
  newPolygon(): void;
  closePolygon(): void;
  clearCurrent(): void;
  removeDraft(key: number): void;
  select(selection: PolygonSelection): void;
  selectPin(pinId: number | null): void;
  getState(): ViewerState;
  /** Called after every change of the snapshot; answers the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  destroy(): void;
}

/** A viewer mounted by the init script: the core plus the writes it makes with the page's CSRF token. */
export interface MountedViewer extends InteractiveViewer {
  /** Keeps the selected polygon (current or a draft) on the layout: POST /api/layouts/{id}/polygons/. */
  keepPolygon(name: string): Promise<LayoutPolygonView>;
  /** DELETE /api/layouts/{id}/polygons/{polygonId}/. */
  deletePolygon(polygonId: number): Promise<void>;
}

/** What a refused or failed write rejects with: the answer's status (0 without one) and parsed body. */
export interface ViewerWriteFailure {
  status: number;
  body: unknown;
  message: string;
}

export interface FieldBidViewerGlobal {
  createViewer(host: HTMLElement, options?: ViewerOptions): InteractiveViewer;
  /** Added by interactive-viewer-init.js. */
  mount?: (host: HTMLElement, options?: ViewerOptions) => MountedViewer;
}

declare global {
  interface Window {
    FieldBidViewer?: FieldBidViewerGlobal;
  }
}
