import { useSyncExternalStore } from 'react';
import { readCookie } from './cookies.ts';

// The landing page's cookie banner (public spec, sections 2 and 9): `cookie-consent` is `necessary`
// or `accepted`, kept 365 days on the whole site. Only src/app/lib touches document.cookie.
export const CONSENT_COOKIE = 'cookie-consent';
export const CONSENT_DAYS = 365;

export type CookieConsent = 'necessary' | 'accepted';

/** The Set-Cookie style string the banner writes (pure, so it is tested without a browser). */
export function consentCookieString(value: CookieConsent, secure: boolean): string {
  const maxAge = CONSENT_DAYS * 24 * 60 * 60;
  return `${CONSENT_COOKIE}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The stored choice from a `document.cookie` string; anything else counts as no choice yet. */
export function parseConsent(cookieHeader: string): CookieConsent | null {
  const value = readCookie(cookieHeader, CONSENT_COOKIE);
  return value === 'necessary' || value === 'accepted' ? value : null;
}

type Listener = () => void;
const listeners = new Set<Listener>();
// Cookies Settings in the footer shows the banner again without forgetting the stored choice.
let reopened = false;

function notify(): void {
  for (const listener of listeners) listener();
}

function readStoredConsent(): CookieConsent | null {
  return typeof document === 'undefined' ? null : parseConsent(document.cookie);
}

export function saveConsent(value: CookieConsent): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox.
  document.cookie = consentCookieString(value, window.location.protocol === 'https:');
  reopened = false;
  notify();
}

export function reopenConsentBanner(): void {
  reopened = true;
  notify();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function bannerVisible(): boolean {
  return reopened || readStoredConsent() === null;
}

/** Whether the banner shows: until a choice is stored, and again after Cookies Settings. */
export function useConsentBannerVisible(): boolean {
  return useSyncExternalStore(subscribe, bannerVisible, () => false);
}

/** The stored choice, for anything that must wait for consent (no such script exists yet). */
export function useStoredConsent(): CookieConsent | null {
  return useSyncExternalStore(subscribe, readStoredConsent, () => null);
}
