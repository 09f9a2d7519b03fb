import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from '#server/storage/file-store.ts';
import { LocalFileStore } from '#server/storage/local-file-store.ts';
import { S3FileStore } from '#server/storage/s3-file-store.ts';
import { startS3Server, type TestS3Server } from '../support/s3-server.ts';

// The same cases against every FileStore: what the routes rely on must hold on disk and in a bucket.
let s3: TestS3Server;
let localRoot: string;
const stores = {} as Record<'local' | 's3', FileStore>;

beforeAll(async () => {
  s3 = await startS3Server();
  localRoot = await mkdtemp(join(tmpdir(), 'fieldbid-contract-'));
  stores.local = new LocalFileStore(join(localRoot, 'files'));
  stores.s3 = new S3FileStore(s3.storage('contract'));
});

afterAll(async () => {
  (stores.s3 as S3FileStore | undefined)?.close();
  await s3?.close();
  if (localRoot) await rm(localRoot, { recursive: true, force: true });
});

const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url')}"`;

/** Reads a stream to the end, noting each chunk's size. */
async function drain(stream: Readable): Promise<{ body: Buffer; chunkSizes: number[] }> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { body: Buffer.concat(chunks), chunkSizes: chunks.map((chunk) => chunk.length) };
}

describe.each(['local', 's3'] as const)('FileStore contract: %s', (name) => {
  const store = () => stores[name];

  it('puts a file and gets it back with its type, size and SHA-256 ETag', async () => {
    const body = Buffer.from('%PDF-1.4 a small certificate');
    await store().put('contract/a/cert-1.pdf', body, 'application/pdf');
    expect(await store().get('contract/a/cert-1.pdf')).toEqual({ body, contentType: 'application/pdf' });
    expect(await store().stat('contract/a/cert-1.pdf')).toEqual({
      size: body.length,
      contentType: 'application/pdf',
      etag: etagOf(body),
    });
  });

  it('streams a large file in chunks, never as one buffer', async () => {
    const body = randomBytes(6 * 1024 * 1024);
    await store().put('contract/large.png', body, 'image/png');
    const stream = await store().stream('contract/large.png');
    expect(stream).not.toBeNull();
    const { body: read, chunkSizes } = await drain(stream!);
    expect(read.equals(body)).toBe(true);
    expect(chunkSizes.length).toBeGreaterThan(4);
    expect(Math.max(...chunkSizes)).toBeLessThanOrEqual(1024 * 1024);
  });

  it('streams one byte range', async () => {
    const body = Buffer.from('0123456789abcdefghij');
    await store().put('contract/range.bin', body, 'image/png');
    expect(
      (await drain((await store().stream('contract/range.bin', { start: 5, end: 9 }))!)).body.toString(),
    ).toBe('56789');
    expect(
      (await drain((await store().stream('contract/range.bin', { start: 19, end: 19 }))!)).body.toString(),
    ).toBe('j');
  });

  it('deletes a file, and deleting it again is no error', async () => {
    await store().put('contract/gone.png', Buffer.from('x'), 'image/png');
    await store().delete('contract/gone.png');
    expect(await store().get('contract/gone.png')).toBeNull();
    expect(await store().stat('contract/gone.png')).toBeNull();
    expect(await store().stream('contract/gone.png')).toBeNull();
    await expect(store().delete('contract/gone.png')).resolves.toBeUndefined();
  });

  it('answers null for a key never stored', async () => {
    expect(await store().get('contract/never.png')).toBeNull();
    expect(await store().stat('contract/never.png')).toBeNull();
    expect(await store().stream('contract/never.png', { start: 0, end: 1 })).toBeNull();
  });

  it('refuses keys that could escape the store', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', '.hidden']) {
      await expect(store().put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/Unsafe storage key/);
      await expect(store().stat(key)).rejects.toThrow(/Unsafe storage key/);
    }
  });
});

describe('S3FileStore', () => {
  it('keeps each object under the STORAGE_URL prefix', async () => {
    const store = stores.s3 as S3FileStore;
    await store.put('requests/7/photo.png', Buffer.from('png'), 'image/png');
    const object = await store.client.send(
      new GetObjectCommand({ Bucket: s3.bucket, Key: 'contract/requests/7/photo.png' }),
    );
    expect(object.ContentType).toBe('image/png');
    expect(await object.Body?.transformToString()).toBe('png');
  });
});
