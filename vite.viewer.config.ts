import { resolve } from 'node:path';
import { build, type InlineConfig, type Plugin } from 'vite';
import { contentVersion } from './src/server/http/content-version.ts';
import { VIEWER_ASSETS, type ViewerAssetName } from './src/shared/viewer-assets.ts';

/*
 * The as-builds viewer's library build: src/viewer's two entries, each one classic script (IIFE, no
 * imports, so a plain HTML page can load it), and the core's CSS, under the stable names the spec
 * gives (src/shared/viewer-assets.ts). `viewerAssets()` runs it inside `vite build`, so
 * `npm run build` stays one command: the files land in dist/static/ with the app, where the service
 * worker's precache list picks them up, and the app learns their content versions for `?v=`.
 */

const ENTRIES: Array<{ name: Exclude<ViewerAssetName, 'styles'>; entry: string }> = [
  { name: 'core', entry: 'src/viewer/interactive-viewer.ts' },
  { name: 'init', entry: 'src/viewer/interactive-viewer-init.ts' },
];

const VITE_CSS_MARKER = /\/\*\$vite\$:\d+\*\/\s*$/;

function libraryBuild(entry: string): InlineConfig {
  return {
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    build: {
      write: false,
      emptyOutDir: false,
      sourcemap: false,
      // Property managers' sites may be visited with older browsers than the app supports.
      target: 'es2020',
      lib: {
        entry: resolve(entry),
        formats: ['iife'],
        // The entries export nothing: each sets window.FieldBidViewer itself.
        name: 'FieldBidViewerBundle',
        fileName: () => 'bundle.js',
        cssFileName: 'bundle',
      },
    },
  };
}

/** Builds the three files in memory: their paths under the site root and their contents. */
export async function buildViewerAssets(): Promise<Map<ViewerAssetName, string>> {
  const files = new Map<ViewerAssetName, string>();
  for (const { name, entry } of ENTRIES) {
    const result = await build(libraryBuild(entry));
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((item) =>
      'output' in item ? item.output : [],
    );
    for (const output of outputs) {
      // Vite marks a library's CSS with a comment it strips when the outer build writes the asset:
      // strip it here, so the version is that of the bytes served.
      const text = output.type === 'chunk' ? output.code : String(output.source).replace(VITE_CSS_MARKER, '');
      if (output.fileName.endsWith('.js')) files.set(name, text);
      else if (output.fileName.endsWith('.css')) files.set('styles', text);
    }
  }
  for (const name of Object.keys(VIEWER_ASSETS) as ViewerAssetName[]) {
    if (!files.has(name)) throw new Error(`The viewer build emitted no ${VIEWER_ASSETS[name]}.`);
  }
  return files;
}

/** The files of `buildViewerAssets`, emitted into the app's build, and their versions as a define. */
export function viewerAssets(): Plugin {
  let files = new Map<ViewerAssetName, string>();
  return {
    name: 'fieldbid-viewer-assets',
    // The client build only: not the dev server, not a server-side (prerender) build.
    apply: (config, env) => env.command === 'build' && !env.isSsrBuild && !config.build?.ssr,
    async config() {
      files = await buildViewerAssets();
      const versions = Object.fromEntries([...files].map(([name, text]) => [name, contentVersion(text)]));
      return {
        define: { 'import.meta.env.VITE_VIEWER_ASSET_VERSIONS': JSON.stringify(JSON.stringify(versions)) },
      };
    },
    generateBundle() {
      for (const [name, source] of files) {
        this.emitFile({ type: 'asset', fileName: VIEWER_ASSETS[name].slice(1), source });
      }
    },
  };
}
