// The first-load budgets, read from a finished build (dist/): the JavaScript a page load runs before
// the page works, gzipped, per route; what must never be in the landing page's first load; and what
// the service worker precaches. `npm run check:budgets` (scripts/check-budgets.ts) prints and enforces
// them; tests/unit/build/budgets.test.ts proves they fail.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { matchPath } from 'react-router';
import { type AppFamily, ROLE_FAMILIES } from '../src/shared/app-families.ts';
import { checkPhoneBudget } from './phone-budget.ts';
import { type BuildManifest, chunksOf, MANIFEST_FILE, ROUTE_MODULES_FILE } from './prerender-assets.ts';
import { sourceMapDir } from './source-maps-plugin.ts';

export interface ForbiddenPart {
  name: string;
  /** Matched against the source paths in each chunk's source map. */
  test: RegExp;
}

export interface Budget {
  path: string;
  /** Fails above this. */
  maxKb: number;
  /** The goal when the enforced limit still sits above it: printed, not enforced. */
  goalKb?: number;
  forbidden: ForbiddenPart[];
  /** What a server-rendered first visit also loads before it hydrates: printed, not enforced. */
  serverRenderedStart?: string[];
}

/** Never in the landing page's first load. */
export const LANDING_FORBIDDEN: ForbiddenPart[] = [
  { name: 'three.js', test: /node_modules\/(three|@react-three)\// },
  { name: 'the as-builds viewer', test: /src\/(app\/asbuilds|viewer)\// },
  { name: 'the admin console', test: /src\/app\/admin\// },
  { name: 'Dexie', test: /node_modules\/dexie\// },
  {
    name: "TanStack Query's persister",
    test: /node_modules\/@tanstack\/(react-query-persist-client|query-persist-client-core|query-sync-storage-persister)\//,
  },
];

/**
 * Never in the first load of Available Jobs: its rows hold no popover and no dialog until one opens
 * (scripts/mantine-patches.ts says how Mantine's ScrollArea and app shell brought them in).
 */
export const JOBS_FORBIDDEN: ForbiddenPart[] = [
  { name: 'floating-ui', test: /node_modules\/@floating-ui\// },
  { name: "the dialogs' scroll lock (react-remove-scroll)", test: /node_modules\/react-remove-scroll\// },
];

/**
 * Never in a signed-in page's first load: the page works from the server's HTML (or the device's kept
 * copies) before it reads an answer, and the answers' schemas load with the first one
 * (src/app/lib/lazy-schema.ts).
 */
export const SIGNED_IN_FORBIDDEN: ForbiddenPart[] = [{ name: 'zod', test: /node_modules\/zod\// }];

/**
 * A signed-in page the server rendered is seen (and its links followed) before any script runs, and
 * hydrates once these are loaded too (src/app/start-app.tsx, takeFirstAnswers): the answers' seeding
 * and the top bar's tools, loaded first so they hydrate with the page instead of in a long task of
 * their own after it. The budgets weigh the app's own start (no server render); this is printed
 * beside it.
 */
export const SERVER_RENDERED_START = [
  'src/app/prerender/first-screen-keys.ts',
  'src/app/layouts/top-bar-tools.tsx',
];

export const BUDGETS: Budget[] = [
  { path: '/', maxKb: 100, forbidden: LANDING_FORBIDDEN },
  // The 200 KB goal: React, React Router (its declarative part: the data router's 19 KB stay out,
  // src/app/router.tsx), TanStack Query and Mantine's layout before the list can show (about 198.5 KB
  // gzip, in 91 files, now; zod loads with the first answer it reads).
  {
    path: '/vendor/jobs',
    maxKb: 200,
    forbidden: [...JOBS_FORBIDDEN, ...SIGNED_IN_FORBIDDEN],
    serverRenderedStart: SERVER_RENDERED_START,
  },
  // Not a first-paint goal: the dashboards' weight (about 174 and 185 KB now) kept from growing back, their
  // Create Request forms loaded on first open.
  {
    path: '/vendor/dashboard',
    maxKb: 185,
    forbidden: SIGNED_IN_FORBIDDEN,
    serverRenderedStart: SERVER_RENDERED_START,
  },
  {
    path: '/property-manager/dashboard',
    maxKb: 195,
    forbidden: SIGNED_IN_FORBIDDEN,
    serverRenderedStart: SERVER_RENDERED_START,
  },
];

export interface ChunkWeight {
  file: string;
  gzipBytes: number;
  /** Source paths (node_modules/… or src/…) from the chunk's source map. */
  sources: string[];
}

export interface PageWeight {
  path: string;
  /** The route pattern the path matched in the build's route table. */
  pattern: string;
  chunks: ChunkWeight[];
  gzipBytes: number;
}

export interface BudgetReport {
  lines: string[];
  failures: string[];
}

function readJson<T>(path: string): T {
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first`);
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/**
 * A source map's paths, relative to the project (`node_modules/…`, `src/…`). The build keeps its maps
 * out of dist/ (scripts/source-maps-plugin.ts); a build from before that has them beside the chunk.
 */
function chunkSources(dist: string, file: string): string[] {
  const mapPath = [join(sourceMapDir(dist), `${file}.map`), join(dist, `${file}.map`)].find(existsSync);
  if (!mapPath) return [];
  const map = JSON.parse(readFileSync(mapPath, 'utf8')) as { sources?: string[] };
  return (map.sources ?? []).map((source) => {
    const inModules = source.lastIndexOf('node_modules/');
    if (inModules >= 0) return source.slice(inModules);
    return source.replace(/^(\.\.\/)+/, '');
  });
}

/** The route pattern of a path: an exact one before a catch-all. */
function patternOf(routeModules: Record<string, string[]>, path: string): string {
  const matching = Object.keys(routeModules).filter((pattern) =>
    matchPath({ path: pattern, end: true }, path),
  );
  const pattern = matching.find((candidate) => !candidate.includes('*')) ?? matching[0];
  if (!pattern) throw new Error(`no route of the build matches ${path}`);
  return pattern;
}

/**
 * The JavaScript a page load of `path` runs before the page works, gzipped: its entry and the modules
 * the entry starts with (the route table lists them from the entry down), and all they import.
 */
export function weighPage(dist: string, path: string, alsoLoaded: string[] = []): PageWeight {
  const manifest = readJson<BuildManifest>(join(dist, MANIFEST_FILE));
  const routeModules = readJson<Record<string, string[]>>(join(dist, ROUTE_MODULES_FILE));
  const pattern = patternOf(routeModules, path);
  const { js } = chunksOf(manifest, [...(routeModules[pattern] ?? []), ...alsoLoaded]);
  const chunks = js.map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(join(dist, file))).length,
    sources: chunkSources(dist, file),
  }));
  return { path, pattern, chunks, gzipBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0) };
}

/**
 * What the service worker precaches: the entries vite-plugin-pwa injected into dist/sw.js, each with
 * the signed-in families it waits for (none: a first visit's; src/shared/app-families.ts).
 */
export function precacheFiles(dist: string): Array<{ url: string; bytes: number; families: AppFamily[] }> {
  const worker = readFileSync(join(dist, 'sw.js'), 'utf8');
  const entries = new Map<string, AppFamily[]>();
  for (const [object] of worker.matchAll(/\{[^{}]*"url":"[^"]+"[^{}]*\}/g)) {
    const entry = JSON.parse(object) as { url: string; families?: AppFamily[] };
    entries.set(entry.url, entry.families ?? []);
  }
  return [...entries].map(([url, families]) => {
    const file = join(dist, url.replace(/^\//, ''));
    return { url, bytes: existsSync(file) ? statSync(file).size : 0, families };
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function checkBudgets(dist: string, budgets: Budget[] = BUDGETS): BudgetReport {
  const lines: string[] = [];
  const failures: string[] = [];
  for (const budget of budgets) {
    const page = weighPage(dist, budget.path);
    const share = Math.round((page.gzipBytes / 1024 / budget.maxKb) * 100);
    lines.push(
      `${budget.path}: ${kb(page.gzipBytes)} of JavaScript (gzip, ${page.chunks.length} files) before the page works, budget ${budget.maxKb} KB (${share}%)`,
    );
    if (budget.goalKb !== undefined && page.gzipBytes > budget.goalKb * 1024) {
      lines.push(`    over its goal of ${budget.goalKb} KB by ${kb(page.gzipBytes - budget.goalKb * 1024)}`);
    }
    const largest = [...page.chunks].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 5);
    for (const chunk of largest) lines.push(`    ${kb(chunk.gzipBytes).padStart(9)}  ${chunk.file}`);
    if (page.gzipBytes > budget.maxKb * 1024) {
      failures.push(
        `${budget.path} loads ${kb(page.gzipBytes)} of JavaScript, over its ${budget.maxKb} KB budget`,
      );
    }
    for (const part of budget.forbidden) {
      const carriers = page.chunks.filter((chunk) => chunk.sources.some((source) => part.test.test(source)));
      if (carriers.length > 0) {
        failures.push(
          `${budget.path} loads ${part.name} in its first load (${carriers.map((chunk) => chunk.file).join(', ')})`,
        );
      }
    }
    if (budget.forbidden.length > 0) {
      lines.push(`    not in its first load: ${budget.forbidden.map((part) => part.name).join(', ')}`);
    }
    if (budget.serverRenderedStart) {
      const rendered = weighPage(dist, budget.path, budget.serverRenderedStart);
      lines.push(
        `    server-rendered first visit: shown before any script, hydrated after ${kb(rendered.gzipBytes)} (${rendered.chunks.length} files: the top bar's tools and the answers' seeding too)`,
      );
    }
  }
  // The first paint on an emulated phone, as the bench last measured this build (scripts/phone-budget.ts).
  const phone = checkPhoneBudget(dist);
  lines.push(...phone.lines);
  failures.push(...phone.failures);
  const precache = precacheFiles(dist);
  const weigh = (files: typeof precache) =>
    `${files.length} files, ${kb(files.reduce((sum, file) => sum + file.bytes, 0))}`;
  lines.push(
    `precache at a first visit: ${weigh(precache.filter((file) => file.families.length === 0))} (as stored)`,
  );
  for (const [role, families] of Object.entries(ROLE_FAMILIES)) {
    const later = precache.filter((file) => file.families.some((family) => families.includes(family)));
    lines.push(`    stored once a ${role} signs in: ${weigh(later)} more`);
  }
  return { lines, failures };
}
