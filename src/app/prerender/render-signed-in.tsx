// The server's renderer of a signed-in page's first screen, built by
// scripts/prerender-plugin.ts into dist-ssr/ and run by the server (src/server/pages/signed-in-render.ts),
// never shipped to the browser. The server has already asked the API for the page's first answers
// with the visitor's own session cookie, so the screen shows exactly what the API lets them see.
import { StaticRouter } from 'react-router-dom';
import { createQueryClient } from '#app/lib/query-client.ts';
import { assumeTokenWhileHydrating } from '#app/lib/token-store.ts';
import { renderBothLayouts } from '#app/ui/use-wide-from.ts';
import { pinDateDisplay } from '#shared/date-display.ts';
import { AppRoot } from '../app-root.tsx';
import { AppRoutes, loadScreensFor } from '../router.tsx';
import { type PageTitleCollector, PageTitleContext } from '../ui/page-title.ts';
import { seedReadAnswers } from './first-screen-keys.ts';
import { readFirstAnswers } from './first-screen-queries.ts';
import { toHtml } from './to-html.ts';

// Every page this renders is signed in: the guard lets it through as the browser's hydration will
// (with its stored token; start-app.tsx).
assumeTokenWhileHydrating('server-render');

export interface SignedInPage {
  /** What goes inside #root. */
  html: string;
  /** The title the screen sets for itself, for the HTML's <title>. */
  title: string | null;
  /** The moment its relative dates were written for ('2 hours ago'); the hydration reads them so. */
  renderedAt: number;
  /** The first answers as read through their schemas, by URL: the page carries them for the hydration. */
  answers: Record<string, unknown>;
}

/**
 * What the server knows of the reader's browser: its time zone. Not its viewport: the page holds a
 * phone's layout and a desktop's, and CSS media queries show one (use-wide-from.ts).
 */
export interface Reader {
  timeZone: string;
}

/**
 * The render under way: one at a time, since the dates' zone and moment (and rendering both layouts)
 * are set for each.
 */
let previous: Promise<unknown> = Promise.resolve();

/**
 * The first screen of a signed-in location, for the reader's zone, or null when its answers do
 * not make one (a call the screen does not start with, an answer that does not read through its
 * schema, a redirect).
 */
export function renderSignedIn(
  location: { pathname: string; search: string },
  answers: Record<string, unknown>,
  reader: Reader,
): Promise<SignedInPage | null> {
  const render = previous.then(() => renderOne(location, answers, reader));
  previous = render.catch(() => undefined);
  return render;
}

async function renderOne(
  location: { pathname: string; search: string },
  answers: Record<string, unknown>,
  { timeZone }: Reader,
): Promise<SignedInPage | null> {
  const read = readFirstAnswers(location, answers);
  if (!read) return null;
  const client = createQueryClient();
  seedReadAnswers(client, location, read);
  await loadScreensFor(location);
  const titles: PageTitleCollector = {};
  const renderedAt = Date.now();
  pinDateDisplay({ timeZone, now: renderedAt });
  renderBothLayouts(true);
  try {
    const html = await toHtml(
      <PageTitleContext.Provider value={titles}>
        <AppRoot
          client={client}
          router={
            <StaticRouter location={location}>
              <AppRoutes />
            </StaticRouter>
          }
        />
      </PageTitleContext.Provider>,
    );
    return { html, title: titles.title ?? null, renderedAt, answers: read };
  } finally {
    pinDateDisplay({});
    renderBothLayouts(false);
    // Its timers (garbage collection of queries) must not outlive the page.
    client.clear();
  }
}
