/**
 * What a cached read depends on, declared as rows of tables, and the tag each declaration stands
 * for: the one place where the tables a loader may read meet the tags the triggers announce
 * (cache-changes.ts gives the grammar; the triggers are in the migrations, 0014 and later).
 *
 * `DEP_TABLES` says, for each kind of tag, which tables' writes announce it. A loader may read a
 * table only if one of its declared dependencies names that table here, and a table is named here
 * only if a trigger on it sends that kind: tests/api/cached-read-guards.test.ts checks both, against
 * the queries each loader sends and the triggers the database holds.
 */
export const DEP_TABLES = {
  /** Any request or invitation: the request lists. */
  l: ['maintenance_requests', 'request_invitations'],
  /** One request and what hangs on it. */
  r: [
    'maintenance_requests',
    'request_invitations',
    'bids',
    'request_photos',
    'request_spots',
    'request_status_history',
  ],
  /** One vendor's bids. */
  v: ['bids'],
  /** One property: its units, layouts, photos and hotspots. */
  p: ['projects', 'units', 'layouts', 'photos', 'panorama_hotspots'],
  /** One client. */
  cl: ['clients'],
  /** One user, its vendor profile, keys and subscription. */
  u: ['users', 'vendor_profiles', 'api_keys', 'subscriptions'],
  /** One user's notifications. */
  n: ['notifications'],
  /** The message threads of a vendor, of a client's requests, of the requests a user raised. */
  m: ['messages', 'message_photos'],
  mc: ['messages', 'message_photos'],
  mu: ['messages', 'message_photos'],
  /** One user's notification choices, quiet hours and push devices. */
  nf: ['notification_preferences', 'notification_quiet_hours', 'push_subscriptions'],
  /** Who a client's managers are (users joining, leaving, activated or deactivated). */
  cm: ['users'],
} as const satisfies Record<string, readonly string[]>;

export type DepKind = keyof typeof DEP_TABLES;

/** One declared dependency: rows of the tables its kind names, and the tag that announces them. */
export interface ReadDep {
  kind: DepKind;
  tag: string;
}

const rows =
  (kind: DepKind) =>
  (id: number): ReadDep => ({ kind, tag: `${kind}:${id}` });

/** The declarations a loader makes, after what it read (ids included). */
export const readDep = {
  /** Every request and invitation row (a list whose membership any of them may change). */
  requestLists: { kind: 'l', tag: 'l' } as ReadDep,
  /** A request row and its invitations, bids, photos, spot and history. */
  request: rows('r'),
  /** The bids of one vendor. */
  vendorBids: rows('v'),
  /** A property row and its units, layouts, photos and hotspots. */
  property: rows('p'),
  /** A client row. */
  client: rows('cl'),
  /** A user row and its vendor profile, keys and subscription. */
  user: rows('u'),
  /** The notifications of one user. */
  notifications: rows('n'),
  /** The messages of a vendor's threads. */
  vendorThreads: rows('m'),
  /** The messages of the threads on a client's requests. */
  clientThreads: rows('mc'),
  /** The messages of the threads on requests a user raised. */
  raisedThreads: rows('mu'),
  /** A user's notification choices, quiet hours and push devices. */
  notificationFacts: rows('nf'),
  /** Which users are a client's managers. */
  clientManagers: rows('cm'),
} as const;

/** The tags of some declarations, each once. */
export function tagsOf(deps: readonly ReadDep[]): string[] {
  return [...new Set(deps.map((dep) => dep.tag))];
}

/** Every table the declarations cover. */
export function tablesOf(deps: readonly ReadDep[]): Set<string> {
  return new Set(deps.flatMap((dep) => DEP_TABLES[dep.kind]));
}
