// Brotli and gzip copies of the build's text files, written once at build time: the server
// (src/server/pages/spa.ts, @fastify/static's `preCompressed`) sends the copy the browser accepts, so a
// phone on slow 4G downloads the app's JavaScript, CSS and HTML at about a third of their size. It runs
// after the other plugins' closeBundle, when every file (the prerendered pages, sw.js) is written.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const TEXT_FILE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Smaller files gain nothing worth a second file. */
const MIN_BYTES = 1024;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

export function precompressAssets(): Plugin {
  let config: ResolvedConfig;
  let written = false;
  return {
    name: 'fieldbid:precompress-assets',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle() {
      written = true;
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        if (!written || config.build.ssr) return;
        const outDir = resolve(config.root, config.build.outDir);
        for (const file of walk(outDir)) {
          if (!TEXT_FILE.test(file) || statSync(file).size < MIN_BYTES) continue;
          const content = readFileSync(file);
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
          );
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}
