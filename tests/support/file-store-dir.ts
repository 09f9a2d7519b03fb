import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { AppOptions } from '#server/app.ts';
import type { Config } from '#server/config/config.ts';
import { startTestApp, type TestApp } from './test-app.ts';

export interface TestAppWithFiles extends TestApp {
  /** The app's data folder; the file store writes under `files/` in it. */
  dataDir: string;
}

/** startTestApp with the file store in a fresh temp folder (named after `prefix`), removed on close. */
export async function startTestAppWithFiles(
  prefix: string,
  overrides: Partial<Config> = {},
  options: Pick<AppOptions, 'onRoute'> = {},
): Promise<TestAppWithFiles> {
  const dataDir = await mkdtemp(join(tmpdir(), `fieldbid-${prefix}-`));
  let t: TestApp;
  try {
    t = await startTestApp({ dataDir, ...overrides }, options);
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    ...t,
    dataDir,
    async close() {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The files the store holds (paths under `files/`), optionally only the names matching `only`. */
export async function storedFiles(dataDir: string, only?: RegExp): Promise<string[]> {
  try {
    const names = (await readdir(join(dataDir, 'files'), { recursive: true })).map(String);
    return only ? names.filter((name) => only.test(name)) : names;
  } catch {
    return [];
  }
}

/** Runs `send` and answers its response, checking that the store holds the same files after it. */
export async function storesNothing<Response>(
  dataDir: string,
  send: () => Promise<Response>,
): Promise<Response> {
  const before = await storedFiles(dataDir);
  const response = await send();
  expect(await storedFiles(dataDir)).toEqual(before);
  return response;
}
