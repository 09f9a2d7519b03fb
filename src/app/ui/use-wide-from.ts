import { type MantineBreakpoint, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { startTransition, useEffect, useState } from 'react';

/** Whether the query matches now; without matchMedia (tests) the wide layout. */
function matchesNow(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query).matches
    : true;
}

/**
 * Whether renders hold both layouts, a phone's and a desktop's, each hidden by a CSS media query below
 * or from its breakpoint: on while the server renders a signed-in page (it cannot know the viewport)
 * and while the browser hydrates that page, until the first navigation (parts of a page hydrate after
 * its commit: Mantine's tab panels are <Activity> boundaries, and they must find both too).
 * src/app/prerender/render-signed-in.tsx, src/app/start-app.tsx and src/app/router.tsx set it.
 */
let bothLayouts = false;

export function renderBothLayouts(on: boolean): void {
  bothLayouts = on;
}

/** Which of the two layouts a part renders; both at once only in the cases above. */
export interface Layouts {
  narrow: boolean;
  wide: boolean;
  /**
   * The copy the viewport does not show while the browser hydrates both (HiddenCopy leaves its server
   * HTML alone); null when both are not rendered, and in the server's render, which writes both.
   */
  asleep: 'narrow' | 'wide' | null;
}

/**
 * The layouts to render for a `(min-width: …)` query. The markup of both, each hidden by CSS on the
 * other side of the query, is what a page shows before any script (no width measured, no guess): the
 * browser's first paint is right on any viewport. Once hydrated, the hidden one is dropped, in a
 * transition (dropping what is not displayed moves nothing on screen), and from then on only the one
 * shown is rendered, following the viewport as it changes (a phone turned sideways).
 */
export function useLayouts(query: string): Layouts {
  const wideShown = useMediaQuery(query, matchesNow(query), { getInitialValueInEffect: false });
  const [both, setBoth] = useState(bothLayouts);
  useEffect(() => {
    if (both) startTransition(() => setBoth(false));
  }, [both]);
  if (!both) return { narrow: !wideShown, wide: wideShown, asleep: null };
  const inBrowser = typeof window !== 'undefined' && typeof window.matchMedia === 'function';
  return { narrow: true, wide: true, asleep: inBrowser ? (wideShown ? 'narrow' : 'wide') : null };
}

/** The layouts for the theme's `breakpoint` (the width Mantine's `visibleFrom` starts at). */
export function useLayoutsFrom(breakpoint: MantineBreakpoint): Layouts {
  return useLayouts(`(min-width: ${useMantineTheme().breakpoints[breakpoint]})`);
}
