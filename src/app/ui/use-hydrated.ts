import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while React renders on the server and while it hydrates the prerendered HTML, true from the
 * first client render on. Controls that only work with their handlers (forms, JS-only buttons) are
 * `inert` until then: a click or keystroke before hydration would be lost, and a native form submit
 * would put the typed password into the address bar. The text fields of the prerendered forms
 * (contact, login, the wizards' first steps) are the exception: they take typing, which their form
 * keeps (prerendered-form.ts).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
