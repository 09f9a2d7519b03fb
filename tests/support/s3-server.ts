import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '#server/storage/storage-config.ts';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** STORAGE_URL's settings for this server's bucket, as loadConfig would build them. */
  storage(prefix?: string): S3StorageConfig;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on a free loopback port, keeping its objects in a fresh temp
 * folder, with one empty bucket. Credentials and path-style addressing as s3rver expects.
 */
export async function startS3Server(bucket = 'fieldbid-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'fieldbid-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    storage: (prefix = '') => ({
      kind: 's3',
      bucket,
      prefix: prefix === '' ? '' : `${prefix}/`,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    }),
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
