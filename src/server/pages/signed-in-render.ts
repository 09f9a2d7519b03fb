import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '#server/auth/cookies.ts';
import { readerTimeZone } from '#server/http/reader-time-zone.ts';
import { escapeHtml } from '#shared/escape-html.ts';
import {
  AUTH_STATUS_CALL,
  firstCallsOf,
  firstScreenCall,
  SERVER_RENDERED_SCREENS,
} from '#shared/first-calls.ts';
import { PRERENDERED_ATTRIBUTE } from '#shared/prerendered-pages.ts';
import { bestMatch } from '#shared/route-chunks.ts';
import {
  FIRST_ANSWERS_ID,
  type FirstAnswers,
  ROOT_ELEMENT,
  SIGNED_IN_PAGES_FILE,
  SIGNED_IN_RENDER_DIR,
  SIGNED_IN_RENDERER,
  type SignedInPages,
} from '#shared/signed-in-pages.ts';

// A first visit of a signed-in screen on a slow phone waited for the whole app before it showed a
// row (LCP 6.7–7.4 s). With a session cookie, the server now asks its own API for the
// screen's first answers, as that visitor, and sends the screen rendered from them; the browser
// hydrates it with the same answers (sent along in the page), then carries on as the app.

type RenderSignedIn = (
  location: { pathname: string; search: string },
  answers: Record<string, unknown>,
  reader: { timeZone: string },
) => Promise<{
  html: string;
  title: string | null;
  renderedAt: number;
  answers: Record<string, unknown>;
} | null>;

/** Renders under way or waiting their turn beyond which the shell answers (load shedding). */
const MAX_WAITING_RENDERS = 4;

/** Renders a signed-in page's HTML, or null when the shell should answer instead. */
export type SignedInPageRenderer = (request: FastifyRequest) => Promise<string | null>;

/**
 * The renderer the build left beside `staticDir` (scripts/prerender-plugin.ts), or null without one
 * (a build from before it, or no build).
 */
export function signedInPageRenderer(app: FastifyInstance, staticDir: string): SignedInPageRenderer | null {
  const dir = resolve(staticDir, '..', SIGNED_IN_RENDER_DIR);
  const pagesFile = join(dir, SIGNED_IN_PAGES_FILE);
  if (!existsSync(pagesFile) || !existsSync(join(dir, SIGNED_IN_RENDERER))) return null;
  const pages = JSON.parse(readFileSync(pagesFile, 'utf8')) as SignedInPages;
  let renderer: Promise<RenderSignedIn> | undefined;
  let waiting = 0;
  const render: RenderSignedIn = async (location, answers, reader) => {
    // Renders take turns on the event loop (tens of milliseconds each): past a few waiting, the
    // shell answers at once rather than every request waiting behind them.
    if (waiting >= MAX_WAITING_RENDERS) return null;
    renderer ??= import(pathToFileURL(join(dir, SIGNED_IN_RENDERER)).href).then(
      (module: { renderSignedIn: RenderSignedIn }) => module.renderSignedIn,
    );
    waiting += 1;
    try {
      return await (await renderer)(location, answers, reader);
    } finally {
      waiting -= 1;
    }
  };

  /** The first answers, asked of the API in-process with the visitor's own cookies: its rules decide. */
  async function firstAnswers(
    request: FastifyRequest,
    calls: string[],
  ): Promise<Record<string, unknown> | null> {
    const answers = await Promise.all(
      calls.map((url) =>
        app.inject({
          method: 'GET',
          url,
          headers: {
            cookie: request.headers.cookie ?? '',
            accept: 'application/json',
            'user-agent': request.headers['user-agent'] ?? '',
          },
        }),
      ),
    );
    if (answers.some((answer) => answer.statusCode !== 200)) return null;
    return Object.fromEntries(calls.map((url, index) => [url, answers[index]?.json() as unknown]));
  }

  return async (request) => {
    const url = new URL(request.url, 'http://page.invalid');
    const pattern = bestMatch(SERVER_RENDERED_SCREENS, url.pathname);
    const head = pattern === null ? undefined : pages.heads[pattern];
    if (head === undefined || firstScreenCall(url.pathname, url.search) === null) return null;
    const calls = firstCallsOf(url.pathname, url.search);
    // The screen's dates are written in the reader's zone, as the browser will write them when it
    // hydrates. Without a zone this server knows, the shell answers.
    const timeZone = readerTimeZone(request);
    if (!request.cookies[SESSION_COOKIE] || timeZone === null) return null;
    const answers = await firstAnswers(request, calls);
    const status = answers?.[AUTH_STATUS_CALL] as { isAuthenticated?: unknown } | undefined;
    if (!answers || status?.isAuthenticated !== true) return null;
    // No viewport is guessed: the screen holds a phone's layout and a desktop's, and CSS media queries
    // show the one for the reader's viewport (src/app/ui/use-wide-from.ts).
    const location = { pathname: url.pathname, search: url.search };
    const page = await render(location, answers, { timeZone });
    if (!page) return null;

    // Inert until the app has hydrated it (start-app.tsx): its buttons do nothing before, so none
    // looks usable while it would drop a tap.
    const root = `<div id="root" ${PRERENDERED_ATTRIBUTE}="${escapeHtml(url.pathname)}" inert>${page.html}</div>`;
    // A data block, never run (the CSP allows no inline script); `<` escaped so no text can end it.
    // As the render read them (defaults filled in): the browser seeds them without reading them again.
    const block: FirstAnswers = { renderedAt: page.renderedAt, answers: page.answers };
    const data = `<script type="application/json" id="${FIRST_ANSWERS_ID}">${JSON.stringify(block).replace(/</g, '\\u003c')}</script>`;
    let html = pages.template.replace(ROOT_ELEMENT, () => root);
    const title = page.title;
    if (title) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
    return html.replace('</head>', () => `${head}    ${data}\n  </head>`);
  };
}
