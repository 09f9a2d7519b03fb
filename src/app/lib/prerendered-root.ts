import { PRERENDERED_ATTRIBUTE } from '#shared/prerendered-pages.ts';

/** Whether #root holds the build's HTML of this very path (then React hydrates it). */
export function isPrerenderedFor(container: HTMLElement, pathname: string): boolean {
  return container.getAttribute(PRERENDERED_ATTRIBUTE) === pathname && container.firstElementChild !== null;
}
