import { PERSISTED_ANSWERS } from '#app/offline/persisted-answers.ts';
import { firstScreenQueries } from './first-screen-keys.ts';

/**
 * A page's first answers (raw JSON by URL) read through the schemas the API client reads them with,
 * by URL: what the server renders from and sends along in the page (first-screen-keys.ts). Null
 * unless every first call of the location has its answer and each reads through its schema: then the
 * shell answers and the browser renders the page itself.
 */
export function readFirstAnswers(
  location: { pathname: string; search: string },
  answers: Record<string, unknown>,
): Record<string, unknown> | null {
  const queries = firstScreenQueries(location);
  if (!queries) return null;
  const read: Record<string, unknown> = {};
  for (const { url, answer } of queries) {
    if (!Object.hasOwn(answers, url)) return null;
    const parsed = PERSISTED_ANSWERS[answer].safeParse(answers[url]);
    if (!parsed.success) return null;
    read[url] = parsed.data;
  }
  return read;
}
