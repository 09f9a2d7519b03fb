import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { type ManifestOptions, VitePWA } from 'vite-plugin-pwa';
import { mantineComponentStyles } from './scripts/mantine-css.ts';
import { mantinePatches } from './scripts/mantine-patches.ts';
import { precacheFamiliesTransform } from './scripts/precache-families.ts';
import { precompressAssets } from './scripts/precompress-plugin.ts';
import { prerenderPages } from './scripts/prerender-plugin.ts';
import { sourceMapsOutOfDist } from './scripts/source-maps-plugin.ts';
import { viewerAssets } from './vite.viewer.config.ts';

// The top-level manifest.webmanifest is the one source of truth. vite-plugin-pwa does not copy it by
// itself (TOOLCHAIN.md), so we hand its JSON to the plugin, which emits dist/manifest.webmanifest,
// precaches its icons and injects <link rel="manifest"> into index.html.
const manifest = JSON.parse(
  readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'),
) as Partial<ManifestOptions>;

// The Fastify server (npm run serve) answers these paths; in dev and preview Vite forwards them.
// /stripe and /users carry spec calls that sit outside /api (public spec, section 7); /static holds
// the as-builds viewer assets.
const API_ORIGIN = 'http://127.0.0.1:8080';
const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  ['/api', '/stripe', '/users', '/static'].map((prefix) => [
    prefix,
    { target: API_ORIGIN, changeOrigin: false },
  ]),
);

export default defineConfig({
  plugins: [
    react(),
    // Mantine's ids stay React's (no re-render of the page right after it hydrates), and its ScrollArea
    // and app shell come without the large modules they took one small thing from.
    mantinePatches(),
    // Each module's Mantine components bring their own stylesheets.
    mantineComponentStyles(),
    // The public pages as static HTML, before the PWA plugin precaches dist/.
    prerenderPages(),
    // The as-builds viewer's /static/ files, built by their own config (vite.viewer.config.ts).
    viewerAssets(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // src/app/offline/service-worker-registration.ts registers it with workbox-window (production only).
      injectRegister: false,
      manifest,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        // A first visit precaches the shell and the public pages; the signed-in areas' files wait
        // for a signed-in role (src/shared/app-families.ts, sw/app-families.ts).
        manifestTransforms: [precacheFamiliesTransform(fileURLToPath(new URL('./dist', import.meta.url)))],
      },
    }),
    // Brotli and gzip copies of every text file, once the rest is written.
    precompressAssets(),
    // Last: the source maps leave dist/ for dist-maps/, which is never served.
    sourceMapsOutOfDist(),
  ],
  server: { port: 5180, strictPort: true, proxy },
  preview: { port: 5181, strictPort: true, proxy },
  build: {
    outDir: 'dist',
    // Maps are written (the budgets and the profiles read them) but not named in the scripts: each
    // named one cost its file about 40 bytes gzip, 3.6 KB over Available Jobs' 90 files.
    // They are never public: sourceMapsOutOfDist() moves them to dist-maps/ (the service worker's too).
    sourcemap: 'hidden',
    // Read by the prerenderer and by `npm run check:budgets`.
    manifest: true,
    rolldownOptions: {
      // The prerendered landing page has an entry of its own (src/app/public/landing-main.tsx).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        landing: fileURLToPath(new URL('./src/app/public/landing-main.tsx', import.meta.url)),
      },
    },
    modulePreload: {
      // Every browser the app supports has <link rel="modulepreload"> (the landing page's bytes).
      polyfill: false,
      // main.tsx's start of the app comes modulepreloaded, with its stylesheets, in the HTML the
      // prerenderer writes (scripts/prerender-plugin.ts): no second list of it in the entry.
      resolveDependencies: (file, deps) => (/\/start-app-[\w-]+\.js$/.test(file) ? [] : deps),
    },
  },
});
