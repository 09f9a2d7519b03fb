// Mantine's useId (@mantine/hooks) starts from React's useId and then, in a layout effect after the
// first commit, replaces it with a random id. On a page the server rendered that state change
// re-renders, synchronously and right after hydration, every component that asks for an id: the app
// shell, each menu, popover and input, most of the page. It was the largest part of the long task that
// follows a signed-in page's hydration (issue 16: total blocking time).
//
// React's useId is already unique within the tree and the same on the server and in the browser, so
// the replacement keeps the id Mantine starts from (`mantine-` and React's id without colons) and drops
// the swap. The ids stay the server's, as React's hydration keeps them anyway.
import type { Plugin } from 'vite';

const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

export const STABLE_USE_ID = `import { useId as useReactId } from 'react';
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : \`mantine-\${reactId.replace(/:/g, '')}\`;
}
`;

export function mantineStableIds(): Plugin {
  return {
    name: 'fieldbid:mantine-stable-ids',
    enforce: 'pre',
    load(id) {
      return MANTINE_USE_ID.test(id) ? STABLE_USE_ID : null;
    },
  };
}
