/** Whether an If-None-Match header names this ETag (a list, weak forms, or `*`); a repeated header counts as absent. */
export function ifNoneMatchHas(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (typeof ifNoneMatch !== 'string') return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
