import { type ReactNode, Suspense, use } from 'react';

/** Never settles: what a copy waits for while it sleeps. */
const never = new Promise<never>(() => undefined);

function Asleep(): ReactNode {
  return use(never);
}

/**
 * One of a part's two layouts (use-wide-from.ts), in a Suspense boundary of its own. While `asleep`
 * (the copy CSS hides, in the browser's hydration of a server render) it suspends, so React leaves the
 * server's HTML of it as it is, neither hydrated nor rendered: the hydration does the work of the
 * layout shown only. Dropped once hydrated, the boundary takes that HTML with it.
 */
export function HiddenCopy({ asleep, children }: { asleep: boolean; children: ReactNode }) {
  return <Suspense fallback={null}>{asleep ? <Asleep /> : children}</Suspense>;
}
