import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectContentType } from '#server/storage/content-type.ts';
import { LocalFileStore } from '#server/storage/local-file-store.ts';

let root: string;
let store: LocalFileStore;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fieldbid-files-'));
  store = new LocalFileStore(join(root, 'files'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('LocalFileStore', () => {
  it('puts, gets and deletes a file with its content type', async () => {
    await store.put('demo/a-1.png', Buffer.from('png bytes'), 'image/png');
    expect(await store.get('demo/a-1.png')).toEqual({
      body: Buffer.from('png bytes'),
      contentType: 'image/png',
    });
    await store.delete('demo/a-1.png');
    expect(await store.get('demo/a-1.png')).toBeNull();
    expect(await readdir(join(root, 'files', 'demo'))).toEqual([]);
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', '.hidden', 'a\\b', '', 'a/-b/../c']) {
      await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe storage key/);
      await expect(store.get(key)).rejects.toThrow(/Unsafe storage key/);
    }
  });
});

describe('detectContentType', () => {
  it('knows PDF and the web image formats by their first bytes only', () => {
    expect(detectContentType(Buffer.from('%PDF-1.4 ...'))).toBe('application/pdf');
    expect(detectContentType(Buffer.from('89504e470d0a1a0a00', 'hex'))).toBe('image/png');
    expect(detectContentType(Buffer.from('ffd8ffe000', 'hex'))).toBe('image/jpeg');
    expect(detectContentType(Buffer.from('GIF89a...'))).toBe('image/gif');
    expect(detectContentType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(detectContentType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(detectContentType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectContentType(Buffer.from('PDF-'))).toBeNull();
    expect(detectContentType(Buffer.alloc(0))).toBeNull();
  });
});
