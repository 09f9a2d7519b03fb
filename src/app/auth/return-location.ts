/** Where a visitor was headed when the guard sent them to /login (signed-in spec, section 4). */
export interface ReturnLocation {
  pathname: string;
  search: string;
  hash: string;
}

/** The guard's `state.from`, checked: location state is whatever history holds, so trust nothing. */
export function readReturnLocation(state: unknown): ReturnLocation | null {
  if (typeof state !== 'object' || state === null) return null;
  const from = (state as { from?: unknown }).from;
  if (typeof from !== 'object' || from === null) return null;
  const { pathname, search, hash } = from as Partial<Record<keyof ReturnLocation, unknown>>;
  // Only same-app paths: never a protocol-relative or absolute URL.
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) return null;
  return {
    pathname,
    search: typeof search === 'string' ? search : '',
    hash: typeof hash === 'string' ? hash : '',
  };
}

export function returnLocationState(location: ReturnLocation): { from: ReturnLocation } {
  return { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
}
