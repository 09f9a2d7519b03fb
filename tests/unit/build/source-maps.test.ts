import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { moveSourceMaps, sourceMapDir } from '../../../scripts/source-maps-plugin.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function write(path: string, text: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
}

describe('the build keeps its source maps out of dist/', () => {
  it('moves every map to <dist>-maps at its own path, leaving every other file', () => {
    const dist = mkdtempSync(join(tmpdir(), 'fieldbid-maps-'));
    const maps = sourceMapDir(dist);
    dirs.push(dist, maps);
    write(join(dist, 'sw.js'), 'worker');
    write(join(dist, 'sw.js.map'), '{"sw":1}');
    write(join(dist, 'assets/app-abc.js'), 'app');
    write(join(dist, 'assets/app-abc.js.map'), '{"app":1}');
    write(join(dist, 'assets/app-abc.js.gz'), 'gz');
    write(join(dist, 'index.html'), '<!doctype html>');
    // A map of the build before: replaced, not kept beside the new ones.
    write(join(maps, 'assets/app-old.js.map'), '{"old":1}');

    expect(moveSourceMaps(dist)).toEqual(['assets/app-abc.js.map', 'sw.js.map']);
    expect(maps).toBe(`${dist}-maps`);
    expect(readFileSync(join(maps, 'sw.js.map'), 'utf8')).toBe('{"sw":1}');
    expect(readFileSync(join(maps, 'assets/app-abc.js.map'), 'utf8')).toBe('{"app":1}');
    expect(existsSync(join(maps, 'assets/app-old.js.map'))).toBe(false);
    for (const gone of ['sw.js.map', 'assets/app-abc.js.map'])
      expect(existsSync(join(dist, gone))).toBe(false);
    for (const kept of ['sw.js', 'assets/app-abc.js', 'assets/app-abc.js.gz', 'index.html']) {
      expect(existsSync(join(dist, kept))).toBe(true);
    }
  });
});
