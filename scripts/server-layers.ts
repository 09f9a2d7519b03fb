// The server's floors, lowest first: a folder of src/server imports folders of lower floors only
// (and src/shared), never one of its own floor or above. `npm run lint:layers` writes one Biome
// override per floor from this table into biome.json; tests/unit/build/server-layers.test.ts fails
// when biome.json and the table differ, or when a folder of src/server is in no floor.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ServerFloor {
  name: string;
  folders: string[];
  /** What belongs on this floor, named in the lint message of a wrong import. */
  holds: string;
}

export const SERVER_FLOORS: ServerFloor[] = [
  { name: 'config', folders: ['config'], holds: 'settings read from the environment' },
  {
    name: 'storage',
    folders: ['db', 'storage', 'images'],
    holds: 'the database, the file stores and pictures drawn in code',
  },
  { name: 'job queue', folders: ['schedule'], holds: 'the job queue: timed, deferred and periodic work' },
  {
    name: 'infrastructure',
    folders: ['cache', 'http', 'mail'],
    holds: 'read caches and the change feed, HTTP helpers, the mail outbox',
  },
  { name: 'identity', folders: ['auth'], holds: 'who is asking: sessions, CSRF, API keys, guards' },
  {
    name: 'cross-cutting',
    folders: ['idempotency', 'audit', 'realtime', 'push', 'sms'],
    holds: 'replayable writes, the audit log, the event stream, push and text transports',
  },
  { name: 'delivery', folders: ['uploads', 'notifications'], holds: 'checked uploads and notifications' },
  {
    name: 'request core',
    folders: ['request-core'],
    holds: 'who sees and who manages a request, its progress, bid and documentation access',
  },
  {
    name: 'plain resources',
    folders: ['vendors', 'plans', 'health', 'panorama', 'contact', 'profile', 'jobs-list'],
    holds: 'resources that need no other resource (the jobs list among them)',
  },
  {
    name: 'request resources',
    folders: [
      'bids',
      'requests',
      'messages',
      'payments',
      'applications',
      'projects',
      'vendor-dashboard',
      'visits',
    ],
    holds: 'requests, bids, messages, properties, applications, payments and job visits',
  },
  {
    name: 'workflow resources',
    folders: ['files', 'lifecycle', 'manager', 'admin', 'work-queue'],
    holds:
      "what acts on requests, bids and threads: files, the lifecycle, the portals, the manager's work queue",
  },
  {
    name: 'approvals',
    folders: ['owner-approval'],
    holds: "approval before work: the award gate, the owners' signed links, limits and certificates",
  },
  { name: 'documentation', folders: ['documentation'], holds: 'property documentation and its writes' },
  {
    name: 'composition',
    folders: ['openapi', 'pages', 'seed', 'housekeeping'],
    holds: 'the API document, server-rendered pages, the demo seed, the sweeps over every resource',
  },
];

/** The top files (app.ts, main.ts, production-checks.ts) may import anything; nothing imports them. */
const NEVER_THE_APP = {
  group: ['#app/**', '**/src/app/**', '../app/**', '../../app/**', '../../../app/**'],
  message: 'The server never imports the browser app; move what both need into src/shared.',
};
const NO_RELATIVE_CROSSING = {
  group: ['../**'],
  message:
    'Import another server folder through #server/<folder>/..., where the floors (scripts/server-layers.ts) see it.',
};

export function serverLayerOverrides(): object[] {
  const order = SERVER_FLOORS.map((floor) => floor.name).join(' → ');
  const topFiles = ['app.ts', 'main.ts', 'production-checks.ts'];
  return SERVER_FLOORS.flatMap((floor, index) =>
    floor.folders.map((folder) => {
      const refused = [
        ...floor.folders.filter((other) => other !== folder),
        ...SERVER_FLOORS.slice(index + 1).flatMap((higher) => higher.folders),
      ];
      return {
        includes: [`src/server/${folder}/**`],
        linter: {
          rules: {
            style: {
              noRestrictedImports: {
                level: 'error',
                options: {
                  patterns: [
                    NEVER_THE_APP,
                    NO_RELATIVE_CROSSING,
                    {
                      group: [
                        ...refused.map((name) => `#server/${name}/**`),
                        ...topFiles.map((file) => `#server/${file}`),
                      ],
                      message: `${folder} is on the server's "${floor.name}" floor (${floor.holds}) and imports only lower floors. Floors, lowest first: ${order}. Move what both need down a floor, or hand it in.`,
                    },
                  ],
                },
              },
            },
          },
        },
      };
    }),
  );
}

const BIOME = join(import.meta.dirname, '..', 'biome.json');
const MARK = 'src/server/';

/** biome.json with the server's floor overrides replaced by the table's. */
export function biomeWithServerLayers(text: string): string {
  const config = JSON.parse(text) as { overrides: { includes: string[] }[] };
  const isFloor = (o: { includes: string[] }) =>
    o.includes.every((path) => path.startsWith(MARK) && path !== `${MARK}**`);
  const kept = config.overrides.filter((o) => !isFloor(o));
  const at = kept.findIndex((o) => o.includes.includes(`${MARK}**`));
  kept.splice(at + 1, 0, ...(serverLayerOverrides() as { includes: string[] }[]));
  return `${JSON.stringify({ ...config, overrides: kept }, null, 2)}\n`;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  writeFileSync(BIOME, biomeWithServerLayers(readFileSync(BIOME, 'utf8')));
  console.log('biome.json: server floors written');
}
