/**
 * The first part of the query keys that a write in another screen family makes stale: a request
 * created from the full page (src/app/requests) also changes the manager's dashboard and lists
 * (src/app/manager). Families import each other one way only (docs/decisions/app-screen-families.md, "Screen
 * families"), so the roots both sides name live here, below them.
 */
export const queryRoots = {
  requests: ['requests'],
  manager: ['manager'],
} as const;
