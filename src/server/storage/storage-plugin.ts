import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createFileStore } from './create-file-store.ts';
import type { FileStore } from './file-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded and seeded files (certificates, photos, layouts). */
    files: FileStore;
  }
}

/**
 * Decorates the app with `files`: the store passed to buildApp, else the configured one (local disk
 * under DATA_DIR, or the STORAGE_URL bucket, whose client the app closes with itself).
 */
export const storagePlugin = fp(async (app: FastifyInstance, options: { store?: FileStore | undefined }) => {
  if (options.store) {
    app.decorate('files', options.store);
    return;
  }
  const store = createFileStore(app.config);
  app.decorate('files', store);
  app.addHook('onClose', async () => store.close?.());
});
