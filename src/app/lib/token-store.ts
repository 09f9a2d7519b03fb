import { useSyncExternalStore } from 'react';

// A stored token means "logged in" (public spec, section 4). The session itself rides on the HttpOnly
// cookie; the token is sent as a bearer header too, which the server accepts without CSRF.
const TOKEN_KEY = 'token';

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    // Storage can be unavailable (privacy modes, blocked cookies): then nobody is logged in.
    return null;
  }
}

export function setToken(token: string): void {
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Without storage the session cookie still works for this tab.
  }
  notify();
}

export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
  notify();
}

/** Subscribes to token changes in this tab and in other tabs (logout in one tab signs out all). */
export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * What a server render and the hydration of its HTML take for the stored token: none, except on a
 * signed-in page the server rendered from the session cookie (src/app/prerender/render-signed-in.tsx),
 * which the browser hydrates with its own stored token.
 */
let tokenWhileHydrating: string | null = null;

export function assumeTokenWhileHydrating(token: string | null): void {
  tokenWhileHydrating = token;
}

/** The stored token, re-rendering when it changes. */
export function useStoredToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => tokenWhileHydrating);
}
