import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';

/**
 * React's static prerender waits for every lazy part (the landing page's contact form too), so the
 * HTML holds the whole page; with nothing left suspended it writes no inline script (the CSP has no
 * room for one).
 */
export async function toHtml(tree: ReactNode): Promise<string> {
  // An error inside a Suspense boundary would not fail the render: React would leave the boundary to
  // the browser with an inline script. It fails the render instead (the build's, or the server's,
  // which then sends the shell).
  const errors: unknown[] = [];
  // progressiveChunkSize: React outlines a large finished boundary (to stream it later) with an inline
  // script to move it in place; one static page wants everything in place.
  const { prelude } = await prerender(tree, {
    onError: (error) => void errors.push(error),
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  if (errors.length > 0) throw errors[0];
  const html = await new Response(prelude).text();
  if (html.includes('<script')) throw new Error('the prerendered HTML holds an inline script');
  return html;
}
