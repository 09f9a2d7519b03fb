import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { authKeys } from '#app/auth/api.ts';
import { markServerRendered } from '#app/lib/server-rendered-answers.ts';
import { managerKeys } from '#app/manager/api.ts';
import { PERSISTED_ANSWERS, type PersistedAnswer } from '#app/offline/persisted-answers.ts';
import { projectKeys } from '#app/properties/api.ts';
import { requestKeys } from '#app/requests/api.ts';
import { readJobsView } from '#app/requests/jobs-url-state.ts';
import { vendorDashboardKeys } from '#app/vendor/api.ts';
import { AUTH_STATUS_CALL, firstCallsOf, USER_PROJECTS_CALL } from '#shared/first-calls.ts';

// A signed-in page the server rendered (issue 16) was drawn from the answers of its first calls
// (src/shared/first-calls.ts), which it sends along in the page. The server's render and the
// browser's hydration both put them in the query cache here, read through the same schemas the API
// client reads them with, so both render the very same screen.

interface FirstScreenQuery {
  queryKey: QueryKey;
  answer: PersistedAnswer;
}

/**
 * The query each first call answers, as its screen keys it: a key that differed would leave the screen
 * loading in the server's HTML and fail the hydration (tests/e2e/signed-in-render.spec.ts).
 */
function queryOf(url: string): FirstScreenQuery | null {
  if (url === AUTH_STATUS_CALL) return { queryKey: authKeys.status(), answer: 'authStatus' };
  if (url === USER_PROJECTS_CALL) return { queryKey: projectKeys.mine(), answer: 'userProjects' };
  if (url.startsWith('/api/vendor/jobs/'))
    return { queryKey: requestKeys.jobs(readJobsView(new URLSearchParams())), answer: 'jobPage' };
  if (url === '/api/vendor/dashboard/')
    return { queryKey: vendorDashboardKeys.dashboard(), answer: 'vendorDashboard' };
  if (url === '/api/property-manager/dashboard/')
    return { queryKey: managerKeys.dashboard(), answer: 'managerDashboard' };
  const request = url.match(/^\/api\/requests\/(\d+)\/$/)?.[1];
  if (request) return { queryKey: requestKeys.detail(request), answer: 'requestDetail' };
  return null;
}

/**
 * Puts a page's first answers (raw JSON by URL) in the query cache. False, with nothing put, unless
 * every first call of the location has its answer and each reads through its schema: then the page
 * is rendered in the browser as if the server had not.
 */
export function seedFirstAnswers(
  client: QueryClient,
  location: { pathname: string; search: string },
  answers: Record<string, unknown>,
): boolean {
  const seeds: Array<{ queryKey: QueryKey; data: unknown }> = [];
  for (const url of firstCallsOf(location.pathname, location.search)) {
    const query = queryOf(url);
    if (!query || !Object.hasOwn(answers, url)) return false;
    const read = PERSISTED_ANSWERS[query.answer].safeParse(answers[url]);
    if (!read.success) return false;
    seeds.push({ queryKey: query.queryKey, data: read.data });
  }
  for (const { queryKey, data } of seeds) {
    client.setQueryData(queryKey, data);
    const query = client.getQueryCache().find({ queryKey, exact: true });
    if (query) markServerRendered(query);
  }
  return true;
}
