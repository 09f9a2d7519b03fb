/** Reads one cookie from a `document.cookie` string; null when absent or empty. */
export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    if (raw === '') return null;
    try {
      return decodeURIComponent(raw);
    } catch {
      // A value that is not valid percent-encoding is used as it is.
      return raw;
    }
  }
  return null;
}
