// Tips a user closed with "Got it" stay closed in this browser. Only src/app/lib touches localStorage.
const KEY_PREFIX = 'fieldbid.tip-dismissed.';

export function isTipDismissed(tip: string): boolean {
  try {
    return localStorage.getItem(`${KEY_PREFIX}${tip}`) === '1';
  } catch {
    return false;
  }
}

export function dismissTip(tip: string): void {
  try {
    localStorage.setItem(`${KEY_PREFIX}${tip}`, '1');
  } catch {
    // Without storage the tip comes back on the next visit; nothing else depends on it.
  }
}
