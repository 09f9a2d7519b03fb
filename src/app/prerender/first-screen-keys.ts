import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { authKeys } from '#app/auth/api.ts';
import { markServerRendered } from '#app/lib/server-rendered-answers.ts';
import { managerKeys } from '#app/manager/api.ts';
import { keepWhenReady, type OfflineStore } from '#app/offline/offline-query.ts';
import type { PersistedAnswer } from '#app/offline/persisted-answers.ts';
import { projectKeys } from '#app/properties/api.ts';
import { jobsDeviceStore, requestDetailDeviceStore, requestKeys } from '#app/requests/api.ts';
import { readJobsView } from '#app/requests/jobs-url-state.ts';
import { vendorDashboardKeys } from '#app/vendor/api.ts';
import { AUTH_STATUS_CALL, firstCallsOf, USER_PROJECTS_CALL, WORK_QUEUE_CALL } from '#shared/first-calls.ts';

// A signed-in page the server rendered was drawn from the answers of its first calls
// (src/shared/first-calls.ts). The server reads them through the schemas the API client reads them
// with (first-screen-queries.ts) and sends them along in the page as read; the server's render and
// the browser's hydration both put them in the query cache here, so both render the very same
// screen. The browser does not read them again: that would load zod (and build every answer schema,
// a long task on a slow phone) before the page could hydrate.

interface FirstScreenQuery {
  /** The first call it answers. */
  url: string;
  queryKey: QueryKey;
  answer: PersistedAnswer;
  /** Where its screen keeps the answer on the device, for the screens readable offline. */
  deviceStore?: OfflineStore<unknown>;
}

/**
 * The query each first call answers, as its screen keys it: a key that differed would leave the screen
 * loading in the server's HTML and fail the hydration (tests/e2e/signed-in-render.spec.ts).
 */
function queryOf(url: string): Omit<FirstScreenQuery, 'url'> | null {
  if (url === AUTH_STATUS_CALL) return { queryKey: authKeys.status(), answer: 'authStatus' };
  if (url === USER_PROJECTS_CALL) return { queryKey: projectKeys.mine(), answer: 'userProjects' };
  if (url.startsWith('/api/vendor/jobs/')) {
    const queryKey = requestKeys.jobs(readJobsView(new URLSearchParams()));
    return { queryKey, answer: 'jobPage', deviceStore: jobsDeviceStore(queryKey) };
  }
  if (url === '/api/vendor/dashboard/')
    return { queryKey: vendorDashboardKeys.dashboard(), answer: 'vendorDashboard' };
  if (url === '/api/property-manager/dashboard/')
    return { queryKey: managerKeys.dashboard(), answer: 'managerDashboard' };
  if (url === WORK_QUEUE_CALL) return { queryKey: managerKeys.workQueue(), answer: 'workQueue' };
  const request = url.match(/^\/api\/requests\/(\d+)\/$/)?.[1];
  if (request) {
    return {
      queryKey: requestKeys.detail(request),
      answer: 'requestDetail',
      deviceStore: requestDetailDeviceStore(request),
    };
  }
  return null;
}

/** The query each first call of a location answers, in order; null when a call has none. */
export function firstScreenQueries(location: {
  pathname: string;
  search: string;
}): FirstScreenQuery[] | null {
  const queries: FirstScreenQuery[] = [];
  for (const url of firstCallsOf(location.pathname, location.search)) {
    const query = queryOf(url);
    if (!query) return null;
    queries.push({ ...query, url });
  }
  return queries;
}

/**
 * Puts a page's first answers, as the server read them (by URL), in the query cache. False, with
 * nothing put, unless every first call of the location has its answer: then the page is rendered in
 * the browser as if the server had not.
 */
export function seedReadAnswers(
  client: QueryClient,
  location: { pathname: string; search: string },
  answers: Record<string, unknown>,
): boolean {
  const queries = firstScreenQueries(location);
  if (!queries?.every(({ url }) => Object.hasOwn(answers, url))) return false;
  for (const { queryKey, url } of queries) {
    client.setQueryData(queryKey, answers[url]);
    const query = client.getQueryCache().find({ queryKey, exact: true });
    if (query) markServerRendered(query);
  }
  return true;
}

/**
 * Keeps the first answers of the screens readable offline on the device, as a fetched answer is
 * kept (offline-query.ts): no query function fetched these, and without them the list a vendor
 * opened online was not there to read back offline until it was fetched again. Dated when the server
 * read them; an answer the cache has replaced since was kept by its own fetch.
 */
export function keepFirstAnswers(
  client: QueryClient,
  location: { pathname: string; search: string },
  answers: Record<string, unknown>,
  readAt: number,
): void {
  for (const { url, queryKey, deviceStore } of firstScreenQueries(location) ?? []) {
    const answer = answers[url];
    if (deviceStore && answer !== undefined && client.getQueryData(queryKey) === answer) {
      void keepWhenReady(deviceStore, answer, readAt);
    }
  }
}
