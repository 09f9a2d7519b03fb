/**
 * The reference's sections (OpenAPI tags), by path: the first prefix that matches names the
 * section, in this order in the document. A path none matches gets its first part as its section.
 */
const SECTIONS: ReadonlyArray<readonly [tag: string, prefixes: readonly string[]]> = [
  ['Sign-in and accounts', ['/api/get-csrf-token/', '/api/users/', '/users/']],
  [
    'Profile and settings',
    ['/api/user-profile/', '/api/notification-settings/', '/api/push/', '/unsubscribe/'],
  ],
  ['API keys', ['/api/vendor/api-keys/']],
  ['Jobs and requests', ['/api/vendor/jobs/', '/api/requests/', '/api/visits/']],
  ['Bids', ['/api/bids/', '/api/vendor/bids/']],
  ['Messages', ['/api/messages/']],
  ['Notifications', ['/api/notifications/', '/api/events/', '/api/sms/']],
  ['Vendors', ['/api/vendors/', '/api/vendor/']],
  ['Manager portal', ['/api/property-manager/', '/api/clients/', '/api/user/projects/']],
  [
    'Properties and documentation',
    ['/api/projects/', '/api/layouts/', '/api/photos/', '/api/hotspots/', '/api/shared-layouts/'],
  ],
  ['Files', ['/api/files/', '/static']],
  [
    'Applications and payments',
    [
      '/api/vendor-plans/',
      '/api/property-manager-applications/',
      '/api/vendor-applications/',
      '/checkout/',
      '/stripe/',
    ],
  ],
  ['Landing page', ['/api/demo-requests/', '/api/contact', '/api/visit-requests/']],
  ['Admin', ['/api/admin/']],
  ['Service', ['/api/health/', '/api/openapi.json']],
];

export const OPERATION_TAGS = SECTIONS.map(([name]) => ({ name }));

export function operationTag(url: string): string {
  for (const [tag, prefixes] of SECTIONS) {
    if (prefixes.some((prefix) => url.startsWith(prefix))) return tag;
  }
  const parts = url.split('/').filter(Boolean);
  return (parts[0] === 'api' ? parts[1] : parts[0]) ?? 'Other';
}
