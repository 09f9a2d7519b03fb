// A few lines of Mantine's published modules, changed at build. Each patch names the line it
// replaces: should a Mantine upgrade change it, the build fails here rather than quietly bringing the
// cost back or breaking the component.
//
// - Mantine's useId starts from React's id and, in a layout effect after the first commit, swaps it
//   for a random one. On a page the server rendered, that state change re-rendered, synchronously and
//   right after hydration, every component that asks for an id: the app shell, each menu, popover and
//   input, most of the page (the larger part of the long task that followed hydration). React's ids
//   are unique within the app's one root and the same on server and browser, so the swap goes.
// - ScrollArea takes the useMergeRefs hook from @floating-ui/react, one module of about 15 KB gzip.
//   Mantine's Table holds a ScrollArea (Table.ScrollContainer), so Available Jobs and both dashboards,
//   which show no popover, loaded all of floating-ui. @mantine/hooks' useMergedRef is the same hook
//   with its refs spread (cleanups included).
// - Mantine's Table carries Table.ScrollContainer, whose ScrollArea (about 5 KB gzip) every list
//   page then loaded. The app's tables scroll with the browser's own overflow (ui/columns-table.tsx);
//   the one scroll container left imports TableScrollContainer by name, so Table drops its property.
// - The app shell's header, footer and aside take a class name from react-remove-scroll (the Modal's
//   scroll lock, about 4 KB gzip). The same name comes from its scroll bar package's constants.
import type { Plugin } from 'vite';

interface Patch {
  file: RegExp;
  from: string;
  to: string;
}

const PATCHES: Patch[] = [
  {
    file: /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/,
    from: 'setUuid(randomId());',
    to: '',
  },
  {
    file: /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/,
    from: 'import { useMergeRefs } from "@floating-ui/react";',
    to: 'import { useMergedRef } from "@mantine/hooks";\nconst useMergeRefs = (refs) => useMergedRef(...refs);',
  },
  {
    file: /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Table[\\/]Table\.mjs$/,
    from: 'import { TableScrollContainer } from "./TableScrollContainer.mjs";',
    to: 'const TableScrollContainer = undefined;',
  },
  {
    file: /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell(Header|Footer|Aside)[\\/]AppShell\1\.mjs$/,
    from: 'import { RemoveScroll } from "react-remove-scroll";',
    to: 'import { zeroRightClassName } from "react-remove-scroll-bar/constants";\nconst RemoveScroll = { classNames: { zeroRight: zeroRightClassName } };',
  },
];

export function mantinePatches(): Plugin {
  return {
    name: 'fieldbid:mantine-patches',
    enforce: 'pre',
    transform(code, id) {
      const patch = PATCHES.find(({ file }) => file.test(id));
      if (!patch) return null;
      if (!code.includes(patch.from)) {
        throw new Error(`${id} no longer has \`${patch.from}\`: review scripts/mantine-patches.ts`);
      }
      return { code: code.replace(patch.from, patch.to), map: null };
    },
  };
}
