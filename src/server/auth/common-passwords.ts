import { readFileSync } from 'node:fs';
import { HttpError } from '#server/http/http-error.ts';
import { DEMO_PASSWORD } from './demo-accounts.ts';

// The list lives beside this file and is read on the first check, not at start: only the two
// calls that set a password need it, and never the browser.
const LIST_FILE = new URL('./common-passwords.txt', import.meta.url);

/** Shown under the form's password field (the browser has no copy of the list, nor of this rule). */
export const PASSWORD_TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';

let list: ReadonlySet<string> | null = null;

function commonPasswords(): ReadonlySet<string> {
  if (!list) {
    const lines = readFileSync(LIST_FILE, 'utf8').split('\n');
    const entries = lines.map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
    // The demo accounts' password is published in the README: as good as common.
    list = new Set([...entries, DEMO_PASSWORD]);
  }
  return list;
}

/** Whether a new password is one of the most common ones, whatever its letters' case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.normalize('NFKC').toLowerCase());
}

/**
 * Refuses a common new password with the forms' field error (400 `{errors: {password}}`, and the
 * same words as `error` for the spec's `{error}` readers).
 */
export function refuseCommonPassword(password: string): void {
  if (!isCommonPassword(password)) return;
  throw new HttpError(400, { errors: { password: [PASSWORD_TOO_COMMON] }, error: PASSWORD_TOO_COMMON });
}
