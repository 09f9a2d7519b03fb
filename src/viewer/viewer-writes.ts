import { CSRF_META_NAME } from '#shared/viewer-assets.ts';
import type { ViewerWriteFailure } from './viewer-api.ts';

/** The page's CSRF token, read at each write: the page may replace it (a new session) at any time. */
export function csrfTokenOfPage(): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${CSRF_META_NAME}"]`)?.content ?? '';
}

function failure(status: number, body: unknown, message: string): ViewerWriteFailure {
  return { status, body, message };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A JSON write with the session cookie and the page's CSRF token (the server's rule for
 * cookie-authenticated writes). Resolves with the parsed answer; rejects with a ViewerWriteFailure.
 */
export async function writeWithPageToken(
  method: 'POST' | 'DELETE',
  path: string,
  json?: unknown,
): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-CSRFToken': csrfTokenOfPage() };
  if (json !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
      credentials: 'same-origin',
    });
  } catch (error) {
    throw failure(0, null, error instanceof Error ? error.message : 'The network request failed.');
  }
  const body = await readBody(response);
  if (!response.ok) throw failure(response.status, body, `Request failed with status ${response.status}`);
  return body;
}
