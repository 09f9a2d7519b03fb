import { z } from 'zod';

// The Content-Security-Policy allows no eval. Without `jitless`, zod probes `new Function` when it
// builds its first object schema: the throw is caught, but Chromium still reports a CSP violation.
// main.tsx imports this module first, so it runs before any schema is built.
z.config({ jitless: true });
