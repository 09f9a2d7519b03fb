import { type MantineBreakpoint, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { startTransition, useEffect, useState } from 'react';

/** Whether the query matches now; without matchMedia (tests, a server render) the wide layout. */
function matchesNow(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query).matches
    : true;
}

/**
 * The viewport width a server render of a signed-in page was drawn for (the server's guess from the
 * request: a phone or not), which the browser's hydration of it takes too; null otherwise and from
 * the first navigation on (src/app/prerender/render-signed-in.tsx, src/app/start-app.tsx).
 */
let assumedWidth: number | null = null;

export function assumeViewportWidth(width: number | null): void {
  assumedWidth = width;
}

const MIN_WIDTH = /^\(min-width:\s*([\d.]+)(em|px)\)$/;

/** Whether a `(min-width: …)` query matches a viewport this many CSS pixels wide (1em = 16px). */
export function widthMatches(query: string, width: number): boolean {
  const found = MIN_WIDTH.exec(query);
  if (!found) throw new Error(`not a (min-width) query: ${query}`);
  return width >= Number(found[1]) * (found[2] === 'em' ? 16 : 1);
}

/**
 * Whether the viewport is at least `query` wide, right from the first render, and again whenever it
 * changes (a phone turned sideways). In a server render and while the browser hydrates it, what the
 * width the server assumed gives, so both render the same layout; should the viewport say
 * otherwise, the layout changes once hydrated, in a transition: the re-render of what lies below (a
 * whole screen, under the signed-in frame) yields to the browser instead of blocking it in one task.
 */
export function useMatchesNow(query: string): boolean {
  const matches = useMediaQuery(query, matchesNow(query), { getInitialValueInEffect: false });
  const [assumed] = useState(() => (assumedWidth === null ? null : widthMatches(query, assumedWidth)));
  const [settled, setSettled] = useState(assumed === null || assumed === matches);
  useEffect(() => {
    if (!settled) startTransition(() => setSettled(true));
  }, [settled]);
  return settled || assumed === null ? matches : assumed;
}

/** Whether the viewport is at least the theme's `breakpoint` wide (Mantine's `visibleFrom`). */
export function useWideFrom(breakpoint: MantineBreakpoint): boolean {
  return useMatchesNow(`(min-width: ${useMantineTheme().breakpoints[breakpoint]})`);
}
