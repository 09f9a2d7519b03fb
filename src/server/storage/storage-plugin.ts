import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FileStore } from './file-store.ts';
import { createLocalFileStore } from './local-file-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded and seeded files (certificates, photos, layouts). */
    files: FileStore;
  }
}

/** Decorates the app with `files`: the store passed to buildApp, else local disk under DATA_DIR. */
export const storagePlugin = fp(async (app: FastifyInstance, options: { store?: FileStore | undefined }) => {
  app.decorate('files', options.store ?? createLocalFileStore(app.config.dataDir));
});
