import { z } from 'zod';

// The Content-Security-Policy allows no eval. Without `jitless`, zod probes `new Function` when it
// builds its first object schema: the throw is caught, but Chromium still reports a CSP violation.
// main.tsx loads this module before the app's chunks, and the landing page before its forms'
// (zod-csp-first.ts), so it runs before any schema is built.
z.config({ jitless: true });
