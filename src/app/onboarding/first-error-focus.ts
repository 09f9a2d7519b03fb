import { type RefObject, useEffect, useState } from 'react';

/**
 * Brings the first field marked invalid inside `container` into view and focuses it: on a phone the
 * message may be below the fold, and a screen reader announces the field with its error.
 */
function focusFirstError(container: HTMLElement | null): void {
  const field = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return;
  field.scrollIntoView({ block: 'center', behavior: 'smooth' });
  field.focus({ preventScroll: true });
}

/**
 * Returns a function to call right after setting errors: once they have rendered (the step shown may
 * have changed too), the first invalid field in `container` gets the focus.
 */
export function useFirstErrorFocus(container: RefObject<HTMLElement | null>): () => void {
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests > 0) focusFirstError(container.current);
  }, [requests, container]);
  return () => setRequests((count) => count + 1);
}
