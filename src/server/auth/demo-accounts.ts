/*
 * The demo accounts DESIGN.md names. The seed creates them (src/server/seed/demo-people.ts); the
 * running server only checks them: a production start refuses while they still sign in with the
 * published password (src/server/production-checks.ts), a development start warns.
 */

export const DEMO_PASSWORD = 'demo12345';

/** The three accounts DESIGN.md names; every other seeded person has no password. */
export const DEMO_EMAILS = {
  admin: 'admin@demo.local',
  manager: 'manager@demo.local',
  vendor: 'vendor@demo.local',
} as const;
