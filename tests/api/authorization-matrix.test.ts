import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATRIX_CALLS } from '../support/authorization-calls.ts';
import { MATRIX_CHECKS } from '../support/authorization-checks.ts';
import { send } from '../support/authorization-send.ts';
import {
  ACTORS,
  type Actor,
  type AuthorizationWorld,
  buildAuthorizationWorld,
} from '../support/authorization-world.ts';
import { type MatrixRow, NOT_IN_MATRIX, parseMatrix } from './authorization-matrix-table.ts';

/**
 * Every route of the server's own route table, called as every kind of actor, must answer exactly
 * the status the matrix (authorization-matrix-table.ts) writes down, and a read must not show the
 * caller what belongs to someone else (authorization-checks.ts). The table checked is printed at
 * the end: `403!200` is a cell that expected 403 and got 200, `200*` one whose body showed too much.
 */

const rows = parseMatrix();
let w: AuthorizationWorld;
const outcomes = new Map<string, Partial<Record<Actor, string>>>();

/** Writes without a session are refused by CSRF; these routes prove their caller another way. */
const CSRF_EXEMPT = [
  'POST /checkout/:id/pay',
  'POST /stripe/webhook/',
  // A mail client's one-click unsubscribe (signed token) and Twilio's webhook (signed request).
  'POST /unsubscribe/:token',
  'POST /api/sms/inbound/',
  // An owner's approval link (no account; the token in the path is the key).
  'POST /api/owner-approvals/:token/approve/',
  'POST /api/owner-approvals/:token/decline/',
  'POST /api/owner-approvals/:token/question/',
];

beforeAll(async () => {
  w = await buildAuthorizationWorld();
}, 120_000);

afterAll(async () => {
  console.log(formatMatrix(rows));
  await w?.close();
});

/** `METHOD /path` of every declared route; Fastify's automatic HEAD of a GET route is that route. */
function declaredRoutes(): Set<string> {
  const routes = new Set<string>();
  for (const route of w.routes) {
    for (const method of [route.method].flat()) routes.add(`${method} ${route.url}`);
  }
  for (const route of [...routes]) {
    if (route.startsWith('HEAD ') && routes.has(route.replace(/^HEAD /, 'GET '))) routes.delete(route);
  }
  return routes;
}

function bodyOf(response: LightMyRequestResponse, stream: boolean | undefined): string {
  if (stream) return '';
  return response.body.length > 160 ? `${response.body.slice(0, 160)}...` : response.body;
}

/** Calls one row as every actor; answers what went wrong, one line per cell. */
async function runRow(row: MatrixRow): Promise<string[]> {
  const spec = MATRIX_CALLS[row.key];
  if (!spec) return [`no call for ${row.key} in tests/support/authorization-calls.ts`];
  const problems: string[] = [];
  const cells: Partial<Record<Actor, string>> = {};
  outcomes.set(row.key, cells);
  for (const actor of ACTORS) {
    const call = await spec.call(w, actor);
    const credentials = call.freshSession ? await w.freshCredentials(actor) : w.credentials(actor);
    const response = await send(call.stripe ? w.stripeApp : w.t.app, credentials, call);
    const expected = row.expected[actor];
    cells[actor] = String(expected);
    if (response.statusCode !== expected) {
      cells[actor] = `${expected}!${response.statusCode}`;
      problems.push(
        `${actor}: expected ${expected}, got ${response.statusCode} ${bodyOf(response, call.stream)}`,
      );
      continue;
    }
    const check = MATRIX_CHECKS[row.key];
    if (!check || expected >= 300) continue;
    try {
      check(w, actor, response);
    } catch (error) {
      cells[actor] = `${expected}*`;
      problems.push(`${actor}: ${(error as Error).message.split('\n').slice(0, 6).join(' ')}`);
    }
  }
  return problems;
}

function formatMatrix(checked: MatrixRow[]): string {
  const label = (row: MatrixRow) => row.key;
  const width = Math.max(...checked.map((row) => label(row).length));
  const cellWidth = 8;
  const header = `${'route [target]'.padEnd(width)} | ${ACTORS.map((a) => a.padEnd(cellWidth)).join(' ')}`;
  const lines = checked.map((row) => {
    const cells = outcomes.get(row.key);
    const shown = ACTORS.map((actor) => (cells?.[actor] ?? `(${row.expected[actor]})`).padEnd(cellWidth));
    return `${label(row).padEnd(width)} | ${shown.join(' ')}`;
  });
  return [
    'Authorization matrix (expected status; expected!got when it differed, * when the body showed too much, (n) not run):',
    header,
    '-'.repeat(header.length),
    ...lines,
  ].join('\n');
}

describe('the authorization matrix', () => {
  it('has a row for every route of the server, and none for a route that is gone', () => {
    const declared = declaredRoutes();
    const inTable = new Set(rows.map((row) => row.route));
    const missing = [...declared]
      .filter((route) => !inTable.has(route) && !(route in NOT_IN_MATRIX))
      .map((route) => `route ${route} has no row in the authorization matrix`);
    const gone = [...inTable, ...Object.keys(NOT_IN_MATRIX)]
      .filter((route) => !declared.has(route))
      .map((route) => `the authorization matrix has a row for ${route}, which the server does not declare`);
    expect([...missing, ...gone]).toEqual([]);
  });

  it('knows how to call every row, and checks no body of a row it does not have', () => {
    const keys = rows.map((row) => row.key);
    expect(
      keys.filter((key, index) => keys.indexOf(key) !== index),
      'rows named twice',
    ).toEqual([]);
    expect(
      keys.filter((key) => !MATRIX_CALLS[key]),
      'rows without a call',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX_CALLS).filter((key) => !keys.includes(key)),
      'calls without a row',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX_CHECKS).filter((key) => !keys.includes(key)),
      'checks without a row',
    ).toEqual([]);
  });

  it('refuses every write from a caller without a session at CSRF, before any handler', async () => {
    const exempt = w.routes
      .filter((route) => route.config?.csrf === false)
      .flatMap((route) => [route.method].flat().map((method) => `${method} ${route.url}`));
    // Both servers declare the checkout routes: each route once.
    expect([...new Set(exempt)].sort()).toEqual([...CSRF_EXEMPT].sort());
    const problems: string[] = [];
    for (const row of rows.filter((r) => !r.route.startsWith('GET ') && !CSRF_EXEMPT.includes(r.route))) {
      const call = await MATRIX_CALLS[row.key]!.call(w, 'visitor');
      const response = await send(
        call.stripe ? w.stripeApp : w.t.app,
        { kind: 'none', address: '10.13.1.1' },
        call,
      );
      if (response.statusCode !== 403 || response.json<{ code?: string }>().code !== 'CSRF_FAILED') {
        problems.push(`${row.key}: ${response.statusCode} ${bodyOf(response, false)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  // Rows that only read run first, so the world they read is the one built; then the rows that change it.
  const ordered = [
    ...rows.filter((row) => !MATRIX_CALLS[row.key]?.changes),
    ...rows.filter((row) => MATRIX_CALLS[row.key]?.changes),
  ];
  for (const row of ordered) {
    const summary = ACTORS.map((actor) => `${actor} ${row.expected[actor]}`).join(', ');
    it(`${row.key}: ${summary}`, async () => {
      expect(await runRow(row)).toEqual([]);
    });
  }
});
