import { firstCallsOf } from '#shared/first-calls.ts';
import { getToken } from './token-store.ts';

// A signed-in page's first calls, started by main.tsx while the app's scripts are still on their way
//: the guard's auth-status and the screen's own first answer no longer wait for the
// JavaScript, then for each other. The API client takes the answer when the screen asks for exactly
// the same URL with the same token (apiRequest), once.

/** Unused answers are not kept: a screen that asks later gets a fresh one. */
const EARLY_TTL_MS = 15_000;

interface EarlyRequest {
  token: string;
  startedAt: number;
  response: Promise<Response>;
}

const started = new Map<string, EarlyRequest>();

/** Starts the first calls of a signed-in page (nothing without a stored token: the guard decides). */
export function startEarlyRequests(location: { pathname: string; search: string }): void {
  const token = getToken();
  if (!token) return;
  for (const url of firstCallsOf(location.pathname, location.search)) {
    const response = fetch(url, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      credentials: 'include',
    });
    // Whoever takes it handles its failure; an answer nobody takes must not be an unhandled rejection.
    response.catch(() => undefined);
    started.set(url, { token, startedAt: Date.now(), response });
    if (DETAIL_CALL.test(url)) void preloadFirstPhoto(response);
  }
}

const DETAIL_CALL = /^\/api\/requests\/[^/]+\/$/;

/**
 * A request's first photo is its detail page's largest paint (photo-carousel.tsx fetches it eagerly
 * and first), but its address is in the detail's answer, so the browser would find it only once the
 * app's scripts had arrived and rendered the carousel. Preloaded from the early answer, it downloads
 * beside them instead of after them (Lighthouse's "LCP request discovery").
 */
export async function preloadFirstPhoto(response: Promise<Response>): Promise<void> {
  try {
    const answer = await response;
    if (!answer.ok) return;
    // A copy: the API client reads the answer itself when the screen takes it.
    const body: unknown = await answer.clone().json();
    const url = firstPhotoUrl(body);
    if (!url) return;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = url;
    link.setAttribute('fetchpriority', 'high');
    document.head.append(link);
  } catch {
    // No preload: the carousel fetches the photo when it renders, as without this.
  }
}

/**
 * `photos[0].url` of a detail answer, read by hand: this module runs before the app, and the detail's
 * zod schema would bring zod into the page's first script.
 */
function firstPhotoUrl(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('photos' in body) || !Array.isArray(body.photos))
    return null;
  const first: unknown = body.photos[0];
  if (typeof first !== 'object' || first === null || !('url' in first) || typeof first.url !== 'string')
    return null;
  return first.url;
}

/** The early answer to this GET, sent with this token, if there is one; each is taken once. */
export function takeEarlyResponse(url: string, token: string | null): Promise<Response> | undefined {
  const early = started.get(url);
  if (!early) return undefined;
  started.delete(url);
  if (early.token !== token || Date.now() - early.startedAt > EARLY_TTL_MS) return undefined;
  return early.response;
}
