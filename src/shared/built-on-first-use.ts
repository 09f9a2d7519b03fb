/**
 * A value built the first time it is asked for. For Intl formatters kept at module level: the first
 * Intl object of a page loads the locale data, 40-90 ms of main thread in a desktop Chromium (about
 * four times that on a phone), which a module that merely loads must not spend (total
 * blocking time). A screen that formats a price then pays it when it first shows one.
 */
export function builtOnFirstUse<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= build();
    return value;
  };
}
