/**
 * Keys are slash-separated segments of letters, digits, '.', '_' and '-', each starting with a
 * letter or digit: no '..', no absolute paths, nothing a disk or bucket could read as a path escape.
 */
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function isSafeKey(key: string): boolean {
  return key.length <= 512 && SAFE_KEY.test(key);
}
