// The Content-Security-Policy allows no eval. Without `jitless`, zod probes `new Function` when it
// builds its first object schema: the throw is caught, but Chromium still reports a CSP violation.
// zod keeps its settings in this global (zod/v4/core/core.js, shared by every copy of zod), so
// setting it needs no zod: each entry (main.tsx, public/landing-main.tsx) imports this first, and
// their first loads stay without zod. tests/unit/app/zod-csp.test.ts fails if an upgrade
// of zod stops reading it.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
