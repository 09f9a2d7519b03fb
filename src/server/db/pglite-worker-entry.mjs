// Where the PGlite worker thread starts (pglite-worker-client.ts). A worker begins from a JavaScript
// file and does not inherit the loader that runs the server's TypeScript (tsx, registered in
// scripts/start.mjs; Vitest's own in the tests), so it loads the worker's TypeScript through tsx.
import { tsImport } from 'tsx/esm/api';

await tsImport('./pglite-worker.ts', import.meta.url);
