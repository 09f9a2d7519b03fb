import type { Config } from '#server/config/config.ts';
import type { FileStore } from './file-store.ts';
import { createLocalFileStore } from './local-file-store.ts';
import { S3FileStore } from './s3-file-store.ts';

/** The store the configuration names: the STORAGE_URL bucket, else local disk under DATA_DIR. */
export function createFileStore(config: Pick<Config, 'dataDir' | 'storage'>): FileStore & { close?(): void } {
  return config.storage.kind === 's3'
    ? new S3FileStore(config.storage)
    : createLocalFileStore(config.dataDir);
}
