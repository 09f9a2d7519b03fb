import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  isSignedInArea,
  PRERENDERED_PAGES,
  pageFileFor,
  SIGNED_IN_SHELL,
} from '#shared/prerendered-pages.ts';
import { type SignedInPageRenderer, signedInPageRenderer } from './signed-in-render.ts';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A page made for this answer, compressed as the browser accepts (the built files have their copies
 * made at build time). Brotli's quality 5: most of its gain at a small part of its time.
 */
async function sendRenderedPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  // It holds the visitor's own data: never kept by a cache.
  reply
    .header('cache-control', 'private, no-store')
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepts)) {
    const body = await brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(await gzipped(html));
  return reply.send(html);
}

/** Files that must be re-checked on every load so a new release is picked up. */
const NO_CACHE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js']);
/** The prerendered public pages: HTML, revalidated like the shell. */
const PAGES_DIR = '/pages/';

/**
 * Source maps are never public: the build moves them out of dist/ (scripts/source-maps-plugin.ts),
 * and a map left in the served directory (an older build, a copy by hand) is a 404 all the same.
 */
function isSourceMap(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape is no file name; the raw text is judged.
  }
  return /\.map$/i.test(decoded);
}

/**
 * Serves the built PWA from `dir`: hashed assets cached for a year, the HTML and service worker
 * revalidated. The public pages the build prerendered (src/shared/prerendered-pages.ts) answer with
 * their own HTML, so they paint before any script runs; the signed-in areas with the shell that
 * paints their frame; any other GET outside /api/ with index.html, the app's shell (history
 * fallback; the app itself sends unknown routes to /).
 */
export async function registerSpa(app: FastifyInstance, dir: string | undefined): Promise<void> {
  const hasBuild = dir !== undefined && existsSync(join(dir, 'index.html'));
  // A build from before prerendering (or a partial one) falls back to the shell for that page.
  const built = new Set(
    [...Object.values(PRERENDERED_PAGES), SIGNED_IN_SHELL].filter(
      (file) => hasBuild && existsSync(join(dir, file)),
    ),
  );
  const fileFor = (path: string) => {
    const file = pageFileFor(path);
    return built.has(file) ? file : 'index.html';
  };
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: dir,
      wildcard: true,
      // `/` is the landing page's prerendered HTML, not the shell.
      index: [fileFor('/')],
      // The build writes .br and .gz copies of its text files (scripts/precompress-plugin.ts).
      preCompressed: true,
      allowedPath: (pathname) => !isSourceMap(pathname),
      setHeaders(res, path) {
        const name = path.slice(dir.length);
        if (name.startsWith('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
        else if (NO_CACHE.has(name) || name.startsWith(PAGES_DIR)) res.header('cache-control', 'no-cache');
      },
    });
  }
  const renderSignedIn: SignedInPageRenderer | null = hasBuild ? signedInPageRenderer(app, dir) : null;
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!hasBuild || path.startsWith('/api/') || !wantsPage || isSourceMap(path)) {
      return reply.status(404).send({ detail: 'Not found.' });
    }
    if (renderSignedIn && request.method === 'GET' && isSignedInArea(path)) {
      // Any failure leaves the page to the shell, which renders it in the browser as before.
      const html = await renderSignedIn(request).catch((error: unknown) => {
        request.log.error({ err: error }, 'rendering a signed-in page failed; the shell answers');
        return null;
      });
      if (html !== null) return sendRenderedPage(request, reply, html);
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').sendFile(fileFor(path));
  });
}
