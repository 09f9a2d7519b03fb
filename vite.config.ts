import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { type ManifestOptions, VitePWA } from 'vite-plugin-pwa';

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
      },
    }),
  ],
  server: { port: 5180, strictPort: true, proxy },
  preview: { port: 5181, strictPort: true, proxy },
  build: {
    outDir: 'dist',
    sourcemap: true,
  },
});
