import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Budget, checkBudgets, LANDING_FORBIDDEN, weighPage } from '../../../scripts/budgets.ts';
import { moveSourceMaps, sourceMapDir } from '../../../scripts/source-maps-plugin.ts';

// A build's output in miniature: Vite's manifest, the prerenderer's route table, chunks of a chosen
// size (random bytes barely compress, so their gzip size is about their size), their source maps (moved
// out of dist/ as the build moves them) and the service worker's precache list.
interface FixtureChunk {
  key: string;
  file: string;
  bytes: number;
  imports?: string[];
  sources?: string[];
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function fixtureBuild(chunks: FixtureChunk[], routeModules: Record<string, string[]>): string {
  const dist = mkdtempSync(join(tmpdir(), 'fieldbid-budgets-'));
  dirs.push(dist, sourceMapDir(dist));
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(dist, 'assets'));
  const manifest = Object.fromEntries(
    chunks.map((chunk) => [chunk.key, { file: chunk.file, imports: chunk.imports ?? [] }]),
  );
  for (const chunk of chunks) {
    writeFileSync(join(dist, chunk.file), randomBytes(chunk.bytes));
    writeFileSync(join(dist, `${chunk.file}.map`), JSON.stringify({ sources: chunk.sources ?? [] }));
  }
  writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dist, '.vite/route-modules.json'), JSON.stringify(routeModules));
  const precache = chunks.map((chunk) => ({ revision: null, url: chunk.file }));
  writeFileSync(join(dist, 'sw.js'), `precacheAndRoute(${JSON.stringify(precache)});`);
  moveSourceMaps(dist);
  return dist;
}

const ROUTES = {
  '/': ['src/app/public/landing-main.tsx'],
  '/vendor/jobs': ['index.html', 'src/app/start-app.tsx', 'src/app/requests/available-jobs-page.tsx'],
  '/vendor/requests/:requestId': ['index.html', 'src/app/start-app.tsx'],
  '*': ['index.html', 'src/app/start-app.tsx'],
};

function app(landingBytes: number, landingSources: string[] = ['../../src/app/public/landing-page.tsx']) {
  return fixtureBuild(
    [
      { key: 'index.html', file: 'assets/index.js', bytes: 1_000, sources: ['../../src/app/main.tsx'] },
      {
        key: 'src/app/public/landing-main.tsx',
        file: 'assets/landing-main.js',
        bytes: landingBytes,
        imports: ['_react.js'],
        sources: landingSources,
      },
      {
        key: '_react.js',
        file: 'assets/react.js',
        bytes: 20_000,
        sources: ['../../node_modules/react-dom/x.js'],
      },
      { key: 'src/app/start-app.tsx', file: 'assets/start-app.js', bytes: 50_000, imports: ['_react.js'] },
      { key: 'src/app/requests/available-jobs-page.tsx', file: 'assets/jobs.js', bytes: 10_000 },
    ],
    ROUTES,
  );
}

const LANDING_ONLY: Budget[] = [{ path: '/', maxKb: 100, forbidden: LANDING_FORBIDDEN }];

describe('the budget check', () => {
  it('weighs the entry, the route start and what they import, once each', () => {
    const page = weighPage(app(30_000), '/vendor/jobs');
    expect(page.pattern).toBe('/vendor/jobs');
    expect(page.chunks.map((chunk) => chunk.file)).toEqual([
      'assets/index.js',
      'assets/react.js',
      'assets/start-app.js',
      'assets/jobs.js',
    ]);
    // Random bytes: gzip adds a little.
    expect(page.gzipBytes).toBeGreaterThan(81_000);
    expect(page.gzipBytes).toBeLessThan(83_000);
    expect(weighPage(app(30_000), '/vendor/requests/7').pattern).toBe('/vendor/requests/:requestId');
  });

  it('prints what a server-rendered first visit also loads before hydrating, beside the budget it does not count in', () => {
    const report = checkBudgets(app(30_000), [
      {
        path: '/vendor/jobs',
        maxKb: 85,
        forbidden: [],
        serverRenderedStart: ['src/app/public/landing-main.tsx'],
      },
    ]);
    expect(report.failures).toEqual([]);
    // The landing chunk (30 KB) is the only file the jobs page does not load already.
    expect(report.lines).toContainEqual(
      expect.stringMatching(/^ {4}server-rendered first visit: .* hydrated after 1[01]\d\.\d KB \(5 files/),
    );
  });

  it('passes a landing page under its budget and prints the precache size', () => {
    const report = checkBudgets(app(60_000), LANDING_ONLY);
    expect(report.failures).toEqual([]);
    expect(report.lines[0]).toMatch(/^\/: 78\.\d KB of JavaScript \(gzip, 2 files\)/);
    expect(report.lines).toContainEqual(
      expect.stringMatching(/^precache at a first visit: 5 files, 137\.7 KB/),
    );
    expect(report.lines.at(-1)).toMatch(/^ {4}stored once a staff signs in: 0 files, 0\.0 KB more$/);
  });

  it('fails a landing page over 100 KB', () => {
    const report = checkBudgets(app(90_000), LANDING_ONLY);
    expect(report.failures).toEqual([
      expect.stringMatching(/^\/ loads 107\.\d KB of JavaScript, over its 100 KB budget$/),
    ]);
  });

  it('fails a landing page that loads Dexie or the admin console, however small', () => {
    const report = checkBudgets(
      app(5_000, ['../../node_modules/dexie/dist/dexie.mjs', '../../src/app/admin/admin-page.tsx']),
      LANDING_ONLY,
    );
    expect(report.failures).toEqual([
      '/ loads the admin console in its first load (assets/landing-main.js)',
      '/ loads Dexie in its first load (assets/landing-main.js)',
    ]);
  });

  it('prints a goal below the enforced limit without failing on it', () => {
    const report = checkBudgets(app(30_000), [
      { path: '/vendor/jobs', maxKb: 100, goalKb: 50, forbidden: [] },
    ]);
    expect(report.failures).toEqual([]);
    expect(report.lines).toContainEqual(expect.stringMatching(/over its goal of 50 KB by \d+\.\d KB$/));
  });

  it('says when there is no build to check', () => {
    expect(() => checkBudgets(join(tmpdir(), 'fieldbid-no-such-build'))).toThrow(/npm run build/);
  });
});
