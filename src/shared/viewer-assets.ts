/**
 * The as-builds viewer's three static files (signed-in spec, "Project as-builds page"): stable paths,
 * so a property manager's own web page can load them too (the read-only embed). The build writes them
 * (vite.viewer.config.ts), the server answers them (src/server/pages/viewer-asset-routes.ts), the
 * service worker precaches them and the as-builds screen adds them to its page.
 */
export const VIEWER_ASSETS = {
  /** The framework-free core: `window.FieldBidViewer.createViewer`. */
  core: '/static/js/interactive-viewer.js',
  /** Mounts the core: the app's page (with its writes) and `data-fieldbid-plan` embeds. */
  init: '/static/js/interactive-viewer-init.js',
  styles: '/static/css/interactive-viewer.css',
} as const;

export type ViewerAssetName = keyof typeof VIEWER_ASSETS;

/** The query parameter that names a file's content version: `?v=<version>` may be cached for a year. */
export const VIEWER_ASSET_VERSION_PARAM = 'v';

/** The page's `<meta name="csrf-token">`: the viewer's writes send its content as X-CSRFToken. */
export const CSRF_META_NAME = 'csrf-token';

/** The embed snippet's element: `<div data-fieldbid-plan="<share token>"></div>`. */
export const EMBED_ATTRIBUTE = 'data-fieldbid-plan';

/**
 * The snippet a property manager puts on the property's own site to show a shared plan (README,
 * "Embedding a shared floor plan"): the stylesheet, the element, and the two scripts in order.
 */
export function embedSnippet(origin: string, token: string): string {
  return [
    `<link rel="stylesheet" href="${origin}${VIEWER_ASSETS.styles}">`,
    `<div ${EMBED_ATTRIBUTE}="${token}"></div>`,
    `<script src="${origin}${VIEWER_ASSETS.core}" defer></script>`,
    `<script src="${origin}${VIEWER_ASSETS.init}" defer></script>`,
  ].join('\n');
}
