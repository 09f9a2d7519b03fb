import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from '#server/storage/file-store.ts';
import { createLocalFileStore, type LocalFileStore } from '#server/storage/local-file-store.ts';
import { S3FileStore } from '#server/storage/s3-file-store.ts';
import { migrateLocalFiles } from '#server/storage/storage-migrate.ts';
import { startS3Server, type TestS3Server } from '../support/s3-server.ts';

let s3: TestS3Server;
let dataDir: string;
let local: LocalFileStore;
const FILES = {
  'requests/1/a.png': ['image/png', Buffer.from('first photo')],
  'documentation/2/layouts/b.png': ['image/png', Buffer.alloc(300_000, 7)],
  'insurance-certificates/c.pdf': ['application/pdf', Buffer.from('%PDF-1.4 certificate')],
} as const;

beforeAll(async () => {
  s3 = await startS3Server('fieldbid-migrate');
  dataDir = await mkdtemp(join(tmpdir(), 'fieldbid-migrate-'));
  local = createLocalFileStore(dataDir);
  for (const [key, [type, body]] of Object.entries(FILES)) await local.put(key, body, type);
  // A stray file that is no storage key stays behind and is reported.
  await writeFile(join(local.root, 'requests', '.DS_Store'), 'x');
});

afterAll(async () => {
  await s3?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Runs `npm run storage:migrate`'s script as its own process. */
// A fresh process compiles the CLI through tsx before it does anything: on a busy machine that alone
// takes many seconds, so a run waits for the process to end, well past the default test limit.
const CLI_RUN = 120_000;

function runCli(env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/storage/storage-migrate-cli.ts'], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

describe('npm run storage:migrate', () => {
  it(
    'copies every local file into the bucket and verifies each',
    async () => {
      const result = await runCli({
        STORAGE_URL: `s3://${s3.bucket}/moved`,
        AWS_ENDPOINT_URL_S3: s3.endpoint,
        AWS_ACCESS_KEY_ID: 'S3RVER',
        AWS_SECRET_ACCESS_KEY: 'S3RVER',
      });
      expect(result.out).toContain('3 verified, 0 mismatched, 0 failed, 1 skipped');
      expect(result.err).toContain('SKIPPED requests/.DS_Store');
      expect(result.code).toBe(0);
      const bucket = new S3FileStore(s3.storage('moved'));
      try {
        for (const [key, [type, body]] of Object.entries(FILES)) {
          expect(await bucket.get(key)).toEqual({ body, contentType: type });
          expect((await bucket.stat(key))?.etag).toBe((await local.stat(key))?.etag);
        }
      } finally {
        bucket.close();
      }
    },
    CLI_RUN,
  );

  it(
    'refuses to run without a bucket',
    async () => {
      const result = await runCli({});
      expect(result.code).toBe(2);
      expect(result.err).toContain('STORAGE_URL must name the bucket');
    },
    CLI_RUN,
  );

  it('reports a file that reads back different and fails', async () => {
    const bucket = new S3FileStore(s3.storage('corrupted'));
    // A target that loses the last byte of one file on the way, as a broken proxy might.
    const lossy: FileStore = {
      put: (key, body, type) => bucket.put(key, key.endsWith('a.png') ? body.subarray(0, -1) : body, type),
      get: (key) => bucket.get(key),
      stat: (key) => bucket.stat(key),
      stream: (key, range) => bucket.stream(key, range),
      delete: (key) => bucket.delete(key),
    };
    const lines: string[] = [];
    try {
      const report = await migrateLocalFiles(local, lossy, (line) => lines.push(line));
      expect(report).toMatchObject({ verified: 2, mismatched: ['requests/1/a.png'], failed: [] });
      expect(lines).toEqual([
        expect.stringMatching(/^MISMATCH requests\/1\/a\.png: local SHA-256 \S+, bucket \S+$/),
      ]);
    } finally {
      bucket.close();
    }
  });
});
