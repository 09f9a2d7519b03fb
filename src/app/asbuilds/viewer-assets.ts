import { VIEWER_ASSET_VERSION_PARAM, VIEWER_ASSETS, type ViewerAssetName } from '#shared/viewer-assets.ts';
import type { MountedViewer, ViewerOptions } from '#viewer/viewer-api.ts';

declare global {
  interface ImportMetaEnv {
    /** JSON `{core, init, styles}` of content versions, set by vite.viewer.config.ts in a build. */
    readonly VITE_VIEWER_ASSET_VERSIONS?: string;
  }
}

function assetVersions(): Partial<Record<ViewerAssetName, string>> {
  try {
    return JSON.parse(import.meta.env.VITE_VIEWER_ASSET_VERSIONS ?? '{}') as Partial<
      Record<ViewerAssetName, string>
    >;
  } catch {
    return {};
  }
}

/** The file's address with its content version (cached for a year), or the stable name in dev. */
export function viewerAssetUrl(name: ViewerAssetName): string {
  const version = assetVersions()[name];
  return version ? `${VIEWER_ASSETS[name]}?${VIEWER_ASSET_VERSION_PARAM}=${version}` : VIEWER_ASSETS[name];
}

/** Adds the element once (by its data attribute) and settles when it has loaded. */
function addToHead(name: ViewerAssetName, make: () => HTMLScriptElement | HTMLLinkElement): Promise<void> {
  const existing = document.head.querySelector<HTMLElement>(`[data-fieldbid-viewer="${name}"]`);
  if (existing?.dataset.loaded) return Promise.resolve();
  existing?.remove();
  const element = make();
  element.dataset.fieldbidViewer = name;
  return new Promise((resolve, reject) => {
    element.addEventListener('load', () => {
      element.dataset.loaded = 'true';
      resolve();
    });
    element.addEventListener('error', () => reject(new Error(`${VIEWER_ASSETS[name]} could not be loaded.`)));
    document.head.append(element);
  });
}

function script(name: ViewerAssetName): Promise<void> {
  return addToHead(name, () => {
    const element = document.createElement('script');
    element.src = viewerAssetUrl(name);
    // In order: the init script extends what the core defined.
    element.async = false;
    return element;
  });
}

type Mount = (host: HTMLElement, options?: ViewerOptions) => MountedViewer;
let loading: Promise<Mount> | null = null;

/**
 * The viewer's three static files, added to this page once (the app's own bundle holds none of
 * the viewer's code), and the init script's `mount`. A failed load may be tried again.
 */
export function loadInteractiveViewer(): Promise<Mount> {
  loading ??= (async () => {
    const styles = addToHead('styles', () => {
      const element = document.createElement('link');
      element.rel = 'stylesheet';
      element.href = viewerAssetUrl('styles');
      return element;
    });
    await script('core');
    await script('init');
    await styles;
    const mount = window.FieldBidViewer?.mount;
    if (!mount) throw new Error('The viewer scripts did not start.');
    return mount;
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
