import { useEffect } from 'react';
import { showToast } from '#app/ui/toast.ts';

/** Shows the spec's destructive toast (section 8) once each time `failed` turns true. */
export function useErrorToast(failed: boolean, message: string): void {
  useEffect(() => {
    if (failed) showToast({ title: 'Error', message, color: 'red' });
  }, [failed, message]);
}
