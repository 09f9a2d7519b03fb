import { type MantineBreakpoint, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Whether the query matches now; without matchMedia (tests, a server render) the wide layout. */
export function matchesNow(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query).matches
    : true;
}

/**
 * Whether the viewport is at least `query` wide, right from the first render (these screens are
 * rendered in the browser, never hydrated), and again whenever it changes (a phone turned sideways).
 */
export function useMatchesNow(query: string): boolean {
  return useMediaQuery(query, matchesNow(query), { getInitialValueInEffect: false });
}

/** Whether the viewport is at least the theme's `breakpoint` wide (Mantine's `visibleFrom`). */
export function useWideFrom(breakpoint: MantineBreakpoint): boolean {
  return useMatchesNow(`(min-width: ${useMantineTheme().breakpoints[breakpoint]})`);
}
