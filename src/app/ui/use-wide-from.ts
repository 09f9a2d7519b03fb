import { type MantineBreakpoint, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useHydrated } from './use-hydrated.ts';

/** Whether the query matches now; without matchMedia (tests, a server render) the wide layout. */
export function matchesNow(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query).matches
    : true;
}

/**
 * Whether the viewport is at least `query` wide, right from the first render, and again whenever it
 * changes (a phone turned sideways).
 */
export function useMatchesNow(query: string): boolean {
  return useMediaQuery(query, matchesNow(query), { getInitialValueInEffect: false });
}

/** Whether the viewport is at least the theme's `breakpoint` wide (Mantine's `visibleFrom`). */
export function useWideFrom(breakpoint: MantineBreakpoint): boolean {
  return useMatchesNow(`(min-width: ${useMantineTheme().breakpoints[breakpoint]})`);
}

/**
 * useMatchesNow, except in a server render and while the browser hydrates it: then null, since the
 * server cannot know the viewport. Such a page holds both layouts, CSS showing the right one, and
 * keeps only that one once hydrated. A page the browser renders itself knows from its first render.
 */
export function useMatchesOnceHydrated(query: string): boolean | null {
  const matches = useMatchesNow(query);
  return useHydrated() ? matches : null;
}

/** useWideFrom, null in a server render and its hydration (useMatchesOnceHydrated). */
export function useWideOnceHydrated(breakpoint: MantineBreakpoint): boolean | null {
  return useMatchesOnceHydrated(`(min-width: ${useMantineTheme().breakpoints[breakpoint]})`);
}
