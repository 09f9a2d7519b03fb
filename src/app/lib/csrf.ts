import { readCookie } from './cookies.ts';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
const CSRF_TOKEN_URL = '/api/get-csrf-token/';

// Error texts from the public spec, section 8.
export const CSRF_FETCH_FAILED = 'Failed to fetch CSRF token';
export const CSRF_COOKIE_MISSING = 'CSRF token not found in cookies';

/** The current `csrftoken` cookie, read fresh: the server rotates it at login and logout. */
export function readCsrfCookie(cookieHeader: string = document.cookie): string | null {
  return readCookie(cookieHeader, CSRF_COOKIE);
}

/**
 * The token to send in X-CSRFToken: the cookie when present, otherwise one fetched from the server
 * (which also sets the cookie the header must match).
 */
export async function getCsrfToken(fetchImpl: typeof fetch = fetch): Promise<string> {
  const fromCookie = readCsrfCookie();
  if (fromCookie) return fromCookie;

  let response: Response;
  try {
    response = await fetchImpl(CSRF_TOKEN_URL, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new Error(CSRF_FETCH_FAILED);
  }
  if (!response.ok) throw new Error(CSRF_FETCH_FAILED);

  // The header has to equal the cookie, so the cookie the server just set wins over the body.
  const afterFetch = readCsrfCookie();
  if (afterFetch) return afterFetch;
  // Read without zod (csrfTokenAnswerSchema in src/shared/users.ts): this module is in the first load.
  const body: unknown = await response.json().catch(() => null);
  const fromBody = typeof body === 'object' && body !== null && 'csrfToken' in body ? body.csrfToken : null;
  if (typeof fromBody === 'string' && fromBody !== '') return fromBody;
  throw new Error(CSRF_COOKIE_MISSING);
}
