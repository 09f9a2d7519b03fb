import { dismissTip, isTipDismissed } from '#app/lib/dismissed-tips.ts';

/** Chromium's install event (not in TypeScript's DOM library). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * What the app can offer for installing it: the browser's own install prompt (captured from
 * `beforeinstallprompt`, which comes once per page load), the iOS hint (Safari has no prompt: Share,
 * then Add to Home Screen), or nothing (installed, opened from the home screen, declined or closed
 * with "Not now").
 */
export type InstallOffer = 'prompt' | 'ios' | 'none';

const DISMISSED_TIP = 'install-app';

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
let dismissed = isTipDismissed(DISMISSED_TIP);
let listening = false;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** Listens for the browser's install prompt and for the app being installed (idempotent). */
export function listenForInstallOffer(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    // The browser's own mini-infobar stays away; the app offers the install where it fits.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    changed();
  });
}

function standalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

/** iPhone and iPad (iPadOS reports itself as a Mac with touch). */
function isIos(): boolean {
  const { userAgent, maxTouchPoints } = navigator;
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

export function currentInstallOffer(): InstallOffer {
  if (installed || dismissed || typeof window === 'undefined' || standalone()) return 'none';
  if (deferred) return 'prompt';
  return isIos() ? 'ios' : 'none';
}

export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install prompt; the offer goes whatever the answer (the browser asks once). */
export async function promptInstall(): Promise<void> {
  const event = deferred;
  if (!event) return;
  deferred = null;
  await event.prompt();
  const choice = await event.userChoice.catch(() => null);
  if (choice?.outcome === 'accepted') installed = true;
  changed();
}

/** "Not now": the offer stays closed in this browser. */
export function dismissInstallOffer(): void {
  dismissed = true;
  dismissTip(DISMISSED_TIP);
  changed();
}
