import { PAGE_SIZE } from '#shared/statuses.ts';
import { getToken } from './token-store.ts';

// A signed-in page's first calls, started by main.tsx while the app's scripts are still on their way
// (issue 16): the guard's auth-status and the screen's own first answer no longer wait for the
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

/**
 * The GETs a page load of this location makes first, exactly as the screens build them (pinned to
 * their own query functions by tests/unit/app/early-requests.test.ts).
 */
export function firstCallsOf(pathname: string, search: string): string[] {
  const calls = ['/api/users/auth-status/'];
  if (pathname === '/vendor/jobs' && search === '')
    calls.push(`/api/vendor/jobs/?page=1&page_size=${PAGE_SIZE}`);
  if (pathname === '/vendor/dashboard') calls.push('/api/vendor/dashboard/');
  if (pathname === '/property-manager/dashboard') calls.push('/api/property-manager/dashboard/');
  const request = pathname.match(/^\/(?:vendor|property-manager)\/requests\/([^/]+)$/)?.[1];
  if (request) calls.push(`/api/requests/${request}/`);
  return calls;
}

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
  }
}

/** The early answer to this GET, sent with this token, if there is one; each is taken once. */
export function takeEarlyResponse(url: string, token: string | null): Promise<Response> | undefined {
  const early = started.get(url);
  if (!early) return undefined;
  started.delete(url);
  if (early.token !== token || Date.now() - early.startedAt > EARLY_TTL_MS) return undefined;
  return early.response;
}
