// Source maps stay off the public site. The build writes them (`sourcemap: 'hidden'`: no
// sourceMappingURL comment in the scripts), for `npm run check:budgets` and for reading an error
// report's stack; once every file of the build is written (the service worker's sw.js.map included),
// this moves each *.map from dist/ to dist-maps/ at the same relative path. Nothing serves
// dist-maps/, and the server refuses any *.map still found in dist/ (src/server/pages/spa.ts).
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

/** Where a build's source maps are kept: beside it, `<dist>-maps`. */
export function sourceMapDir(dist: string): string {
  return `${resolve(dist)}-maps`;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** Moves every *.map of `dist` to sourceMapDir(dist), replacing the maps of the build before. */
export function moveSourceMaps(dist: string): string[] {
  const target = sourceMapDir(dist);
  rmSync(target, { recursive: true, force: true });
  const moved: string[] = [];
  for (const file of walk(dist)) {
    if (!file.endsWith('.map')) continue;
    const name = relative(dist, file);
    mkdirSync(dirname(join(target, name)), { recursive: true });
    renameSync(file, join(target, name));
    moved.push(name);
  }
  return moved.sort();
}

export function sourceMapsOutOfDist(): Plugin {
  let config: ResolvedConfig;
  let written = false;
  return {
    name: 'fieldbid:source-maps-out-of-dist',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle() {
      written = true;
    },
    // After the other plugins' closeBundle (vite-plugin-pwa writes sw.js.map there) and after the
    // precompressed copies, which skip maps.
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        if (!written || config.build.ssr) return;
        moveSourceMaps(resolve(config.root, config.build.outDir));
      },
    },
  };
}
