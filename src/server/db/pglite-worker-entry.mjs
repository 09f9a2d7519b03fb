// Where the PGlite worker thread starts (pglite-worker-client.ts). A worker begins from a JavaScript
// file and does not inherit the loader that runs the server's TypeScript (tsx, registered in
// scripts/start.mjs; Vitest's own in the tests), so it loads the worker's TypeScript through tsx.
import { tsImport } from 'tsx/esm/api';

// PGlite decodes every field it reads with `new TextDecoder('utf-8')`, whose default drops a leading
// U+FEFF: a text stored as '\uFEFFBOM' came back as 'BOM', where PostgreSQL answers what was stored
// (text-input-properties.test.ts met it in the User-Agent kept with a session). This thread runs only
// PGlite, so its decoders keep the mark; PGlite is loaded after this, below.
const NativeTextDecoder = globalThis.TextDecoder;
globalThis.TextDecoder = class KeepingByteOrderMark extends NativeTextDecoder {
  constructor(label, options) {
    super(label, { ...options, ignoreBOM: true });
  }
};

await tsImport('./pglite-worker.ts', import.meta.url);
