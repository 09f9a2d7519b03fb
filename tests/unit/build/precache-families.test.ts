import { describe, expect, it } from 'vitest';
import { assignFamilies, type PrecacheEntry } from '../../../scripts/precache-families.ts';
import type { BuildManifest } from '../../../scripts/prerender-assets.ts';

// A build in miniature: the app's start, a public page with a lazy part, a vendor and an admin screen
// sharing a chunk, the 360 viewer behind the vendor's screen, and a module only the start loads lazily.
const manifest: BuildManifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'] },
  'src/app/public/landing-main.tsx': { file: 'assets/landing.js', isEntry: true },
  'src/app/start-app.tsx': {
    file: 'assets/start-app.js',
    imports: ['_shared.js'],
    css: ['assets/start-app.css'],
    // The router's screens and the start's own lazy parts: not the shell's.
    dynamicImports: [
      'src/app/auth/login-page.tsx',
      'src/app/vendor/jobs-page.tsx',
      'src/app/admin/admin-page.tsx',
      'src/app/offline/persister.ts',
    ],
  },
  '_shared.js': { file: 'assets/shared.js' },
  'src/app/auth/login-page.tsx': {
    file: 'assets/login-page.js',
    isDynamicEntry: true,
    dynamicImports: ['src/app/auth/login-help.tsx'],
  },
  'src/app/auth/login-help.tsx': { file: 'assets/login-help.js', isDynamicEntry: true },
  'src/app/auth/require-auth.tsx': { file: 'assets/require-auth.js', isDynamicEntry: true },
  'src/app/vendor/jobs-page.tsx': {
    file: 'assets/jobs-page.js',
    isDynamicEntry: true,
    imports: ['_table.js'],
    css: ['assets/jobs-page.css'],
    dynamicImports: ['src/app/panorama/sphere-viewer.tsx'],
  },
  'src/app/panorama/sphere-viewer.tsx': { file: 'assets/sphere-viewer.js', isDynamicEntry: true },
  'src/app/admin/admin-page.tsx': {
    file: 'assets/admin-page.js',
    isDynamicEntry: true,
    imports: ['_table.js', '_answers.js'],
  },
  // The answers' schemas: an admin screen's, and what the start's persister reads a restore with.
  '_answers.js': { file: 'assets/answers.js' },
  '_table.js': { file: 'assets/table.js' },
  'src/app/offline/persister.ts': {
    file: 'assets/persister.js',
    isDynamicEntry: true,
    imports: ['_answers.js'],
  },
};

const routes = {
  '/': ['src/app/public/landing-main.tsx'],
  '/login': ['index.html', 'src/app/start-app.tsx', 'src/app/auth/login-page.tsx'],
  '/vendor/jobs': [
    'index.html',
    'src/app/start-app.tsx',
    'src/app/auth/require-auth.tsx',
    'src/app/vendor/jobs-page.tsx',
  ],
  '/admin/*': [
    'index.html',
    'src/app/start-app.tsx',
    'src/app/auth/require-auth.tsx',
    'src/app/admin/admin-page.tsx',
  ],
};

// The pages a first visit stores name their own chunks; the login page's is one of them here.
const html: Record<string, string> = {
  'index.html': '<script type="module" src="/assets/index.js"></script>',
  'pages/landing.html': '<script type="module" src="/assets/landing.js"></script>',
  'pages/signed-in.html': '<script type="application/json">["/assets/login-page.js"]</script>',
};

const files = [
  'index.html',
  'pages/landing.html',
  'pages/signed-in.html',
  'pages/login.html',
  'icons/icon-192.png',
  'manifest.webmanifest',
  'static/js/interactive-viewer.js',
  ...new Set(Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])])),
];
const entries: PrecacheEntry[] = files.map((url) => ({ url, revision: null, size: 1 }));

function familiesByUrl(): Record<string, string> {
  const assigned = assignFamilies(entries, manifest, routes, (url) => html[url] ?? '');
  return Object.fromEntries(assigned.map((entry) => [entry.url, entry.families?.join(' ') ?? 'first visit']));
}

describe('precache families', () => {
  it('stores the shell, the pages and the landing page at a first visit, and each area’s screens for its role', () => {
    expect(familiesByUrl()).toEqual({
      'index.html': 'first visit',
      'pages/landing.html': 'first visit',
      'pages/signed-in.html': 'first visit',
      'pages/login.html': 'first visit',
      'icons/icon-192.png': 'first visit',
      'manifest.webmanifest': 'first visit',
      'assets/index.js': 'first visit',
      'assets/landing.js': 'first visit',
      'assets/start-app.js': 'first visit',
      'assets/start-app.css': 'first visit',
      'assets/shared.js': 'first visit',
      'assets/login-page.js': 'first visit',
      // A public page's lazy part: kept once loaded, stored ahead for nobody.
      'assets/login-help.js': 'public',
      'assets/require-auth.js': 'vendor admin',
      'assets/jobs-page.js': 'vendor',
      'assets/jobs-page.css': 'vendor',
      'assets/sphere-viewer.js': 'vendor',
      'assets/table.js': 'vendor admin',
      'assets/admin-page.js': 'admin',
      // Loaded lazily by the start itself, and the viewer's static files: any signed-in role's.
      'assets/persister.js': 'signed-in',
      // An area's file the start's lazy parts also load: every signed-in role's, not that area's only
      // (a vendor restoring offline needs it as much as staff do).
      'assets/answers.js': 'admin signed-in',
      'static/js/interactive-viewer.js': 'signed-in',
    });
  });
});
