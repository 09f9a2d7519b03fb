/**
 * A lazy import of a module that builds zod schemas, for the landing page's own root: it leaves zod
 * out of its first load, so zod's CSP setting (zod-csp.ts) is applied right before such a module.
 * The app's entry (main.tsx) loads zod-csp.ts the same way, before the app.
 */
export function withZodCsp<M>(load: () => Promise<M>): () => Promise<M> {
  return () => import('./zod-csp.ts').then(load);
}
