/** Which polygon the Polygon Coordinates panel shows. */
export type PolygonSelection =
  | { kind: 'current' }
  | { kind: 'draft'; key: number }
  | { kind: 'saved'; id: number };

export const sameSelection = (a: PolygonSelection, b: PolygonSelection): boolean =>
  a.kind === b.kind &&
  (a.kind === 'current' ||
    (a.kind === 'draft' && b.kind === 'draft' && a.key === b.key) ||
    (a.kind === 'saved' && b.kind === 'saved' && a.id === b.id));
