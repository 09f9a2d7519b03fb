// Two of Mantine's components take one small thing each from a large module, and so brought all of it
// into the first load of every signed-in page (issue 16: /vendor/jobs' JavaScript budget):
// - ScrollArea takes the useMergeRefs hook from @floating-ui/react, one module of about 15 KB gzip.
//   Mantine's Table holds a ScrollArea (Table.ScrollContainer), so Available Jobs and both dashboards,
//   which show no popover, loaded all of floating-ui. @mantine/hooks' useMergedRef is the same hook
//   with its refs spread (cleanups included).
// - The app shell's header, footer and aside take a class name from react-remove-scroll (the Modal's
//   scroll lock, about 4 KB gzip). The same name comes from its scroll bar package's constants.
// Each import is replaced where Mantine writes it; should an upgrade change the line, the build fails
// here rather than quietly bringing the module back or breaking the component.
import type { Plugin } from 'vite';

interface Replacement {
  file: RegExp;
  from: string;
  to: string;
}

const REPLACEMENTS: Replacement[] = [
  {
    file: /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/,
    from: 'import { useMergeRefs } from "@floating-ui/react";',
    to: 'import { useMergedRef } from "@mantine/hooks";\nconst useMergeRefs = (refs) => useMergedRef(...refs);',
  },
  {
    file: /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell(Header|Footer|Aside)[\\/]AppShell\1\.mjs$/,
    from: 'import { RemoveScroll } from "react-remove-scroll";',
    to: 'import { zeroRightClassName } from "react-remove-scroll-bar/constants";\nconst RemoveScroll = { classNames: { zeroRight: zeroRightClassName } };',
  },
];

export function mantineLeanImports(): Plugin {
  return {
    name: 'fieldbid:mantine-lean-imports',
    enforce: 'pre',
    transform(code, id) {
      const replacement = REPLACEMENTS.find(({ file }) => file.test(id));
      if (!replacement) return null;
      if (!code.includes(replacement.from)) {
        throw new Error(
          `${id} no longer has \`${replacement.from}\`: review scripts/mantine-lean-imports.ts`,
        );
      }
      return { code: code.replace(replacement.from, replacement.to), map: null };
    },
  };
}
