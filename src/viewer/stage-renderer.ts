import type { PointView } from '#shared/documentation.ts';
import type { DrawingState } from './drawing-state.ts';
import { type PolygonSelection, sameSelection } from './polygon-selection.ts';
import { stageLabel } from './stage-keys.ts';
import type { PlanImageState, ViewerLayout, ViewerMode, ViewerPin, ViewerSpot } from './viewer-api.ts';
import { toStagePoint, type ViewTransform } from './viewer-transform.ts';

/** Everything the stage draws: one call of `render` puts the DOM in this state. */
export interface StageModel {
  layout: ViewerLayout | null;
  view: ViewTransform;
  mode: ViewerMode;
  drawing: DrawingState;
  selection: PolygonSelection;
  selectedPinId: number | null;
  imageState: PlanImageState;
}

export type StageControl = 'zoom-in' | 'zoom-out' | 'reset';

export interface StageRendererOptions {
  /** Zoom buttons and the chosen pin's caption on the plan itself (pages without a toolbar). */
  controls: boolean;
  onPin(pin: ViewerPin): void;
  onControl(control: StageControl): void;
  onImage(state: Exclude<PlanImageState, 'loading'>): void;
}

const SVG = 'http://www.w3.org/2000/svg';
const IMAGE_FAILED = 'The layout image could not be loaded. Check the connection and try again.';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  return node;
}

function svgElement<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number>,
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
}

const pointsAttribute = (points: readonly PointView[]) =>
  points.map((point) => `${point.x},${point.y}`).join(' ');

function controlButton(label: string, text: string, onClick: () => void): HTMLButtonElement {
  const button = element('button', 'fbv-control');
  button.type = 'button';
  button.setAttribute('aria-label', label);
  button.title = label;
  button.textContent = text;
  button.addEventListener('click', onClick);
  return button;
}

/** A request's spot (a dot in a ring, constant size at any zoom) and its affected area. */
function spotShapes(spot: ViewerSpot, scale: number): SVGElement[] {
  const nodes: SVGElement[] = [];
  if (spot.area) {
    nodes.push(
      svgElement('polygon', {
        points: pointsAttribute(spot.area),
        class: 'fbv-spot-area',
        'vector-effect': 'non-scaling-stroke',
      }),
    );
  }
  nodes.push(svgElement('circle', { cx: spot.x, cy: spot.y, r: 16 / scale, class: 'fbv-spot-ring' }));
  nodes.push(svgElement('circle', { cx: spot.x, cy: spot.y, r: 7 / scale, class: 'fbv-spot' }));
  return nodes;
}

/**
 * The plan as SVG (image, kept polygons, drafts, the polygon being drawn and its vertices), the
 * red pins as real buttons above it, the crosshair for keyboard measuring, and the image's loading
 * or failure message. Polygons keep a constant stroke width at any zoom.
 */
export function createStageRenderer(host: HTMLElement, options: StageRendererOptions) {
  const root = element('div', 'fbv-stage');
  root.setAttribute('role', 'application');
  root.setAttribute('aria-roledescription', 'floor plan');
  root.tabIndex = 0;

  const svg = svgElement('svg', { class: 'fbv-plan', width: '100%', height: '100%', 'aria-hidden': 'true' });
  const group = svgElement('g', {});
  const image = svgElement('image', {});
  const shapes = svgElement('g', {});
  group.append(image, shapes);
  svg.append(group);
  image.addEventListener('load', () => options.onImage('ready'));
  image.addEventListener('error', () => options.onImage('failed'));

  const crosshair = element('span', 'fbv-crosshair');
  crosshair.setAttribute('aria-hidden', 'true');
  const pinLayer = element('div', 'fbv-pins');
  const message = element('div', 'fbv-message');
  root.append(svg, crosshair, pinLayer, message);

  const caption = element('p', 'fbv-caption');
  caption.setAttribute('aria-live', 'polite');
  if (options.controls) {
    const controls = element('div', 'fbv-controls');
    controls.append(
      controlButton('Zoom in', '+', () => options.onControl('zoom-in')),
      controlButton('Zoom out', '−', () => options.onControl('zoom-out')),
      controlButton('Reset view', '⟲', () => options.onControl('reset')),
    );
    root.append(controls, caption);
  }
  host.append(root);

  const pins = new Map<number, { button: HTMLButtonElement; pin: ViewerPin }>();
  let drawn: StageModel | null = null;

  function renderShapes(model: StageModel, layout: ViewerLayout) {
    const { drawing, selection } = model;
    const shape = (points: readonly PointView[], className: string, candidate?: PolygonSelection) => {
      const selected = candidate && sameSelection(candidate, selection) ? ' fbv-selected' : '';
      return svgElement('polygon', {
        points: pointsAttribute(points),
        class: `${className}${selected}`,
        'vector-effect': 'non-scaling-stroke',
      });
    };
    const nodes: SVGElement[] = [];
    for (const polygon of layout.polygons) {
      const node = shape(polygon.points, 'fbv-polygon-saved', { kind: 'saved', id: polygon.id });
      if (polygon.title) {
        const title = svgElement('title', {});
        title.textContent = polygon.title;
        node.append(title);
      }
      nodes.push(node);
    }
    if (layout.spot) nodes.push(...spotShapes(layout.spot, model.view.scale));
    for (const draft of drawing.drafts)
      nodes.push(shape(draft.points, 'fbv-polygon-draft', { kind: 'draft', key: draft.key }));
    nodes.push(
      drawing.closed
        ? shape(drawing.current, 'fbv-polygon-current', { kind: 'current' })
        : svgElement('polyline', {
            points: pointsAttribute(drawing.current),
            class: 'fbv-polyline-current',
            'vector-effect': 'non-scaling-stroke',
          }),
    );
    const radius = 4 / model.view.scale;
    for (const point of drawing.current)
      nodes.push(svgElement('circle', { cx: point.x, cy: point.y, r: radius, class: 'fbv-vertex' }));
    shapes.replaceChildren(...nodes);
  }

  function renderPins(model: StageModel, layout: ViewerLayout | null) {
    const wanted = model.imageState === 'ready' && layout ? layout.pins : [];
    const ids = new Set(wanted.map((pin) => pin.id));
    for (const [id, entry] of pins) {
      if (ids.has(id)) continue;
      entry.button.remove();
      pins.delete(id);
    }
    for (const pin of wanted) {
      let entry = pins.get(pin.id);
      if (!entry) {
        const button = element('button', 'fbv-pin');
        button.type = 'button';
        const created = { button, pin };
        button.addEventListener('click', () => options.onPin(created.pin));
        pinLayer.append(button);
        entry = created;
        pins.set(pin.id, entry);
      }
      entry.pin = pin;
      entry.button.setAttribute('aria-label', pin.label);
      entry.button.title = pin.caption;
      entry.button.toggleAttribute('data-selected', pin.id === model.selectedPinId);
      // Positioned through the CSSOM, which a page's Content-Security-Policy allows (style attributes it may not).
      const at = toStagePoint(model.view, { x: pin.x * layout!.width_px, y: pin.y * layout!.height_px });
      entry.button.style.left = `${at.x}px`;
      entry.button.style.top = `${at.y}px`;
    }
  }

  function renderMessage(state: PlanImageState, layout: ViewerLayout | null) {
    message.hidden = layout === null || state === 'ready';
    if (state === 'loading') {
      message.setAttribute('role', 'status');
      const spinner = element('span', 'fbv-spinner');
      spinner.setAttribute('aria-hidden', 'true');
      const text = element('span', 'fbv-visually-hidden');
      text.textContent = 'Loading the layout image';
      message.replaceChildren(spinner, text);
    } else if (state === 'failed') {
      message.setAttribute('role', 'alert');
      message.textContent = IMAGE_FAILED;
    }
  }

  function render(model: StageModel) {
    const { layout } = model;
    root.hidden = layout === null;
    root.dataset.mode = model.mode;
    root.setAttribute('aria-label', stageLabel(layout?.name ?? 'No', model.mode));
    crosshair.hidden = model.mode === 'view';
    group.setAttribute('transform', `translate(${model.view.x} ${model.view.y}) scale(${model.view.scale})`);
    if (layout && (drawn?.layout?.url !== layout.url || drawn.layout.width_px !== layout.width_px)) {
      image.setAttribute('href', layout.url);
      image.setAttribute('width', String(layout.width_px));
      image.setAttribute('height', String(layout.height_px));
    }
    const reshape =
      !drawn ||
      drawn.layout !== layout ||
      drawn.drawing !== model.drawing ||
      drawn.selection !== model.selection ||
      drawn.view.scale !== model.view.scale;
    if (layout && reshape) renderShapes(model, layout);
    if (!layout) shapes.replaceChildren();
    renderPins(model, layout);
    if (drawn?.imageState !== model.imageState || drawn.layout !== layout)
      renderMessage(model.imageState, layout);
    const chosen = layout?.pins.find((pin) => pin.id === model.selectedPinId);
    caption.textContent = chosen?.caption ?? '';
    caption.hidden = !chosen?.caption;
    drawn = model;
  }

  return {
    root,
    render,
    destroy() {
      root.remove();
      pins.clear();
    },
  };
}

export type StageRenderer = ReturnType<typeof createStageRenderer>;
