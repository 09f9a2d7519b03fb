// Which of the built files a first visit precaches, and which wait for a signed-in role
// (src/shared/app-families.ts). Run as a manifest transform of vite-plugin-pwa, so the lists land in
// sw.js with the build that made them (a list fetched at run time could name another build's files).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ManifestTransform } from 'workbox-build';
import type { AppFamily } from '../src/shared/app-families.ts';
import { type BuildManifest, chunksOf, MANIFEST_FILE, ROUTE_MODULES_FILE } from './prerender-assets.ts';

/** An entry as workbox-build hands it to a manifest transform. */
export interface PrecacheEntry {
  url: string;
  revision: string | null;
  size: number;
  families?: AppFamily[];
}

/** Route pattern → the modules a page load of it runs (the prerenderer's route-modules.json). */
export type RouteModules = Record<string, string[]>;

/** The modules every page's start runs: their static imports are the shell. */
const SHELL_ROOTS = ['index.html', 'src/app/public/landing-main.tsx', 'src/app/start-app.tsx'];

/** The signed-in areas by path prefix; any other route is public, except the 360 demo (below). */
const AREAS: Array<{ prefix: string; family: AppFamily }> = [
  { prefix: '/vendor', family: 'vendor' },
  { prefix: '/property-manager', family: 'manager' },
  { prefix: '/admin', family: 'admin' },
];
/**
 * The pages whose scripts a first visit stores: the app's shell, the signed-in areas' shell and the
 * landing page. The other public pages are stored as HTML, which shows them whole before any script
 * runs; their scripts (forms that need the network anyway) are kept once loaded.
 */
const FIRST_VISIT_PAGES = ['index.html', 'pages/landing.html', 'pages/signed-in.html'];
/** Public, but three.js: stored with the signed-in files, which hold the same 360 viewer. */
const NOT_FIRST_VISIT_ROUTES = new Set(['/panorama']);

function areaOf(pattern: string): AppFamily | null {
  const area = AREAS.find(({ prefix }) => pattern === prefix || pattern.startsWith(`${prefix}/`));
  return area ? area.family : null;
}

/**
 * What these modules may load: static and lazy imports, all the way down, except the lazy imports of
 * the shell's own chunks (the router's: every screen of the app) and the shell's files themselves.
 */
function reachableFiles(manifest: BuildManifest, keys: string[], shellKeys: Set<string>): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) return;
    seen.add(key);
    files.add(chunk.file);
    for (const sheet of chunk.css ?? []) files.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
    if (!shellKeys.has(key)) for (const lazy of chunk.dynamicImports ?? []) visit(lazy);
  };
  for (const key of keys) visit(key);
  return files;
}

/** The /assets/ files an HTML page names (its stylesheets, entry, modulepreloads and chunk list). */
function assetsNamedIn(html: string): string[] {
  return [...html.matchAll(/\/(assets\/[\w.-]+\.(?:js|css))/g)].map((match) => match[1]!);
}

/**
 * Names the families of each entry that a first visit does not precache. First visit: every file
 * outside /assets/ and /static/ (the pages, icons, manifest), the shell's chunks, every chunk a page
 * it holds names, and what the public routes load. A family: what its area's routes load, beyond the
 * first visit's. `signed-in`: every other file (the device database, the viewer's static files, the
 * 360 viewer, anything the app loads only lazily from its start).
 */
export function assignFamilies(
  entries: PrecacheEntry[],
  manifest: BuildManifest,
  routes: RouteModules,
  readHtml: (url: string) => string,
): PrecacheEntry[] {
  const shell = chunksOf(manifest, SHELL_ROOTS);
  const firstVisit = new Set([...shell.js, ...shell.css]);
  const areaModules = new Map<AppFamily, string[]>();
  const publicModules: string[] = [];
  for (const [pattern, modules] of Object.entries(routes)) {
    const area = areaOf(pattern);
    if (area) areaModules.set(area, [...(areaModules.get(area) ?? []), ...modules]);
    else if (!NOT_FIRST_VISIT_ROUTES.has(pattern)) publicModules.push(...modules);
  }
  for (const url of FIRST_VISIT_PAGES) for (const file of assetsNamedIn(readHtml(url))) firstVisit.add(file);
  const areaFiles = new Map(
    [...areaModules].map(([family, modules]) => [family, reachableFiles(manifest, modules, shell.keys)]),
  );
  const publicLazy = reachableFiles(manifest, publicModules, shell.keys);
  // What the start loads lazily besides the router's screens (the device's database, the schemas a
  // restored cache is read with): any signed-in role needs it, offline too, even where an area's
  // screens load the same file.
  const routeModules = new Set(Object.values(routes).flat());
  const startLazyRoots = [...shell.keys]
    .flatMap((key) => manifest[key]?.dynamicImports ?? [])
    .filter((key) => !routeModules.has(key));
  const startLazy = reachableFiles(manifest, startLazyRoots, shell.keys);
  return entries.map((entry) => {
    const inAssets = entry.url.startsWith('assets/') || entry.url.startsWith('static/');
    if (!inAssets || firstVisit.has(entry.url)) return entry;
    const families: AppFamily[] = [...areaFiles]
      .filter(([, files]) => files.has(entry.url))
      .map(([family]) => family);
    if (families.length > 0 && startLazy.has(entry.url))
      return { ...entry, families: [...families, 'signed-in'] };
    if (families.length > 0) return { ...entry, families };
    return { ...entry, families: [publicLazy.has(entry.url) ? 'public' : 'signed-in'] };
  });
}

/** vite-plugin-pwa's `injectManifest.manifestTransforms` entry, reading the build in `dist`. */
export function precacheFamiliesTransform(dist: string): ManifestTransform {
  return async (entries) => {
    const manifestPath = join(dist, MANIFEST_FILE);
    const routesPath = join(dist, ROUTE_MODULES_FILE);
    if (!existsSync(manifestPath) || !existsSync(routesPath)) {
      // A client build that failed wrote neither: its own error is the one to show.
      const warning = `precache families need ${MANIFEST_FILE} and ${ROUTE_MODULES_FILE} in ${dist}`;
      return { manifest: entries, warnings: [warning] };
    }
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as BuildManifest;
    const routes = JSON.parse(readFileSync(routesPath, 'utf8')) as RouteModules;
    const readHtml = (url: string) => readFileSync(join(dist, url), 'utf8');
    return { manifest: assignFamilies(entries, manifest, routes, readHtml), warnings: [] };
  };
}
