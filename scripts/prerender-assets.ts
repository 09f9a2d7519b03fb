// What a page needs from the build, read from Vite's manifest (build.manifest): the chunks a module
// imports statically, all the way down, with their stylesheets. The prerenderer links them from each
// page's HTML; the budget check (scripts/check-budgets.ts) weighs them.

/** One entry of dist/.vite/manifest.json. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

/** Vite's manifest, under the build's root. */
export const MANIFEST_FILE = '.vite/manifest.json';
/** Route pattern → the modules a page load of it runs, written by the prerenderer. */
export const ROUTE_MODULES_FILE = '.vite/route-modules.json';

export interface PageChunks {
  /** JavaScript files under the build's root, dependencies before what imports them. */
  js: string[];
  /** Stylesheets in the same order, so a module's own rules come after those it builds on. */
  css: string[];
}

/**
 * The static import closure of these manifest keys (source paths such as `src/app/start-app.tsx`,
 * or `index.html` for the entry), as files. A key missing from the manifest is an error: a page
 * that silently lost its stylesheets would paint unstyled. `keys` are the closure's manifest keys.
 */
export function chunksOf(manifest: BuildManifest, keys: string[]): PageChunks & { keys: Set<string> } {
  const js: string[] = [];
  const css: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build's manifest has no ${key}`);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const sheet of chunk.css ?? []) if (!css.includes(sheet)) css.push(sheet);
    if (chunk.file.endsWith('.js')) js.push(chunk.file);
  };
  for (const key of keys) visit(key);
  return { js, css, keys: seen };
}

/** Vite's own tags for the entry in the built index.html: each page gets its own set instead. */
const VITE_ASSET_TAG =
  /\s*<(?:script type="module" crossorigin src="\/assets\/[^"]+"><\/script>|link rel="(?:modulepreload|stylesheet)" crossorigin href="\/assets\/[^"]+">)/g;

export function withoutAssetTags(html: string): string {
  return html.replace(VITE_ASSET_TAG, '');
}

/**
 * The tags that start a page: its stylesheets (so it paints styled; inlined when `inlineCss` reads
 * them), its entry script (the first file, the first module's chunk) and the rest of its chunks
 * modulepreloaded, so the browser fetches them all at once instead of one import level after the other.
 * A prerendered page leaves the preloads out (`preload: false`): it paints and works as HTML, and its
 * entry fetches the rest after the first paint and the load (src/app/start-timing.ts), from the
 * page's chunk list (prerender-plugin.ts, src/app/route-chunks.ts).
 */
export function pageHead(
  chunks: PageChunks,
  entryFile: string,
  inlineCss?: (file: string) => string,
  { preload = true }: { preload?: boolean } = {},
): string {
  const styles = chunks.css.map((file) => {
    const link = `<link rel="stylesheet" crossorigin href="/${file}"`;
    if (!inlineCss) return `${link}>`;
    // Inline, so the page paints with its HTML alone (one request, no render-blocking stylesheets);
    // the disabled link, never fetched, tells Vite's loader the file is in (it would load it again
    // before a lazy chunk that needs it, and hold that chunk back meanwhile).
    const css = inlineCss(file);
    if (/<\/style/i.test(css)) throw new Error(`${file} cannot be inlined: it contains </style`);
    return `<style>${css}</style>${link} disabled>`;
  });
  const entry = `<script type="module" crossorigin src="/${entryFile}"></script>`;
  const preloads = (preload ? chunks.js : [])
    .filter((file) => file !== entryFile)
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  return [...styles, entry, ...preloads].map((tag) => `    ${tag}\n`).join('');
}
