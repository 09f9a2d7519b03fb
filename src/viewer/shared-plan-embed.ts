import type { SharedLayoutView } from '#shared/layout-share.ts';
import { sharedLayoutPath } from '#shared/layout-share-paths.ts';
import { formatArea, measurePolygon } from '#shared/polygon-geometry.ts';
import { EMBED_ATTRIBUTE } from '#shared/viewer-assets.ts';
import type { FieldBidViewerGlobal, ViewerLayout } from './viewer-api.ts';

const NOT_SHARED = 'This floor plan is not shared any more.';
const NOT_LOADED = 'The floor plan could not be loaded. Try again later.';

/** The shared plan as the core draws it: captions on the pins, names and areas on the polygons. */
export function sharedPlanLayout(plan: SharedLayoutView, origin: string): ViewerLayout {
  return {
    id: 0,
    name: plan.name,
    url: new URL(plan.image_url, origin).href,
    width_px: plan.width_px,
    height_px: plan.height_px,
    pins: plan.pins.map((pin) => ({
      id: pin.id,
      x: pin.x,
      y: pin.y,
      label: pin.caption ? `Photo spot: ${pin.caption}` : 'Photo spot',
      caption: pin.caption,
    })),
    polygons: plan.polygons.map((polygon) => {
      const area = formatArea(measurePolygon(polygon.points, plan.feet_per_pixel, true));
      return { ...polygon, title: polygon.name ? `${polygon.name} · ${area}` : area };
    }),
  };
}

function showError(host: HTMLElement, text: string) {
  const message = document.createElement('p');
  message.className = 'fbv-embed-error';
  message.setAttribute('role', 'alert');
  message.textContent = text;
  host.replaceChildren(message);
}

/** One `<div data-fieldbid-plan="<token>">`: the shared plan, read-only, with zoom buttons. */
async function mountSharedPlan(core: FieldBidViewerGlobal, host: HTMLElement, origin: string) {
  const token = host.getAttribute(EMBED_ATTRIBUTE) ?? '';
  host.classList.add('fbv-embed');
  let plan: SharedLayoutView;
  try {
    // No cookies: the plan is public to whoever holds the token, on any site.
    const response = await fetch(new URL(sharedLayoutPath(token), origin), {
      credentials: 'omit',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return showError(host, response.status === 404 ? NOT_SHARED : NOT_LOADED);
    plan = (await response.json()) as SharedLayoutView;
  } catch {
    return showError(host, NOT_LOADED);
  }
  const title = document.createElement('p');
  title.className = 'fbv-embed-title';
  title.textContent = plan.name;
  host.replaceChildren(title);
  core.createViewer(host, { controls: true }).setLayout(sharedPlanLayout(plan, origin));
}

/** Mounts every embed on the page once (a second run leaves mounted ones alone). */
export function mountSharedPlans(core: FieldBidViewerGlobal, origin: string): void {
  for (const host of document.querySelectorAll<HTMLElement>(`[${EMBED_ATTRIBUTE}]`)) {
    if (host.dataset.fieldbidMounted) continue;
    host.dataset.fieldbidMounted = 'true';
    void mountSharedPlan(core, host, origin);
  }
}
