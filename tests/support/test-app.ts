import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '#server/app.ts';
import { type Config, loadConfig } from '#server/config/config.ts';
import type { Database, Db } from '#server/db/database.ts';
import type { HostResolver } from '#server/push/push-endpoint-rule.ts';
import { type ResponseContract, responseContract } from './response-contract.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database, without the built PWA and without listening; `options` passes
 * more of buildApp's options (the authorization matrix collects the route table with onRoute).
 * Every JSON answer is held to its route's response schema (response-contract.ts): a violation
 * answers 500 to the call that made it, and close() fails naming every one.
 */
export async function startTestApp(
  overrides: Partial<Config> = {},
  options: Pick<AppOptions, 'onRoute'> = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = { ...loadConfig({}), staticDir: undefined, ...overrides };
  const app = await buildTestApp({ config, database, onRoute: options.onRoute });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    async close() {
      try {
        await app.close();
      } finally {
        await database.close();
      }
    },
  };
}

/**
 * The DNS of test apps knows no name: a push service's endpoint is accepted when a browser subscribes
 * (push-endpoint-rule.ts lets a name that does not resolve now through), and a push never leaves the
 * machine. Tests of the rule pass their own resolver.
 */
export const NO_DNS: HostResolver = async (hostname) => {
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

/**
 * buildApp for tests: every route held to the response contract (response-contract.ts), and
 * app.close() failing with every violation seen; no DNS (NO_DNS). Tests that build a second app use
 * this too.
 */
export async function buildTestApp(options: AppOptions): Promise<FastifyInstance> {
  const contract = responseContract();
  const deliveries = { ...options.deliveries, pushResolver: options.deliveries?.pushResolver ?? NO_DNS };
  const app = await buildApp({ ...options, deliveries, onRoute: withContract(contract, options.onRoute) });
  app.addHook('onClose', async () => expectNoViolations(contract));
  return app;
}

/** The response contract's onRoute plus the caller's own (the matrix collects the route table). */
function withContract(
  contract: ResponseContract,
  onRoute?: AppOptions['onRoute'],
): NonNullable<AppOptions['onRoute']> {
  return (route) => {
    onRoute?.(route);
    contract.onRoute(route);
  };
}

function expectNoViolations(contract: ResponseContract): void {
  if (contract.violations.length > 0) {
    throw new Error(`Answers broke their response schemas:\n${contract.violations.join('\n\n')}`);
  }
}
