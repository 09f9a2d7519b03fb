import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { DEFAULT_S3_LIMITS, type S3StorageConfig } from '#server/config/storage-config.ts';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** STORAGE_URL's settings for this server's bucket, as loadConfig would build them. */
  storage(prefix?: string): S3StorageConfig;
  /** The same bucket as a server process's environment (STORAGE_URL, endpoint, key pair). */
  env(prefix?: string): Record<string, string>;
  /** Stops answering (the port refuses connections); the objects stay. */
  stop(): Promise<void>;
  /** Answers again on the same port with the same objects. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on a free loopback port, keeping its objects in a fresh temp
 * folder, with one empty bucket. Credentials and path-style addressing as s3rver expects.
 */
export async function startS3Server(bucket = 'fieldbid-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'fieldbid-s3-'));
  const serve = (port: number) => new S3rver({ address: '127.0.0.1', port, silent: true, directory });
  let server: S3rver | null = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await server?.close();
    server = null;
  };
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
      limits: DEFAULT_S3_LIMITS,
    }),
    env: (prefix = '') => ({
      STORAGE_URL: `s3://${bucket}${prefix === '' ? '' : `/${prefix}`}`,
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    }),
    stop,
    async start() {
      if (server) return;
      const restarted = serve(port);
      await restarted.run();
      server = restarted;
    },
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
