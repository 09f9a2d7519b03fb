import { PAGE_SIZE } from './statuses.ts';

/**
 * The GETs a page load of a signed-in location makes first, exactly as its screens build them
 * (pinned to their own query functions by tests/unit/app/early-requests.test.ts): the browser starts
 * them beside the app's scripts (src/app/lib/early-requests.ts), and the server renders the screen
 * from their answers (src/server/pages/signed-in-render.ts). auth-status comes first, then the
 * frame's properties (the top bar's dropdown) in the vendor and manager areas, then the screen's own
 * (the manager's dashboard has two: its data, then its "Needs you" card, WORK_QUEUE_CALL).
 */
export function firstCallsOf(pathname: string, search: string): string[] {
  const calls = [AUTH_STATUS_CALL];
  if (/^\/(vendor|property-manager)(\/|$)/.test(pathname)) calls.push(USER_PROJECTS_CALL);
  const screen = firstScreenCall(pathname, search);
  if (screen) calls.push(screen);
  // Drawn from the first answers too, so the card at the top moves nothing when the app takes over.
  if (pathname === '/property-manager/dashboard') calls.push(WORK_QUEUE_CALL);
  return calls;
}

export const AUTH_STATUS_CALL = '/api/users/auth-status/';
export const USER_PROJECTS_CALL = '/api/user/projects/';
/** The manager dashboard's "Needs you" (src/shared/work-queue.ts). */
export const WORK_QUEUE_CALL = '/api/property-manager/work-queue/';

/** The screen's own first GET, or null when the screen has none worth starting early. */
export function firstScreenCall(pathname: string, search: string): string | null {
  if (pathname === '/vendor/jobs' && search === '') return `/api/vendor/jobs/?page=1&page_size=${PAGE_SIZE}`;
  if (pathname === '/vendor/dashboard') return '/api/vendor/dashboard/';
  if (pathname === '/property-manager/dashboard') return '/api/property-manager/dashboard/';
  const request = pathname.match(/^\/(?:vendor|property-manager)\/requests\/(\d+)$/)?.[1];
  if (request) return `/api/requests/${request}/`;
  return null;
}

/**
 * The screens whose first page load the server renders from their first answers, as route
 * patterns: each one's firstCallsOf holds a call beyond auth-status.
 */
export const SERVER_RENDERED_SCREENS = [
  '/vendor/jobs',
  '/vendor/dashboard',
  '/property-manager/dashboard',
  '/vendor/requests/:requestId',
  '/property-manager/requests/:requestId',
] as const;
