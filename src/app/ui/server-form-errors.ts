import { isApiError } from '#app/lib/api-error.ts';

/**
 * A refused save's field messages for the form's own fields (joined per field), or null when the
 * answer has none of them and the screen should show its alert instead.
 */
export function serverFieldErrors(error: unknown, fields: readonly string[]): Record<string, string> | null {
  if (!isApiError(error)) return null;
  const known = Object.entries(error.fieldErrors)
    .filter(([field]) => fields.includes(field))
    .map(([field, messages]) => [field, messages.join(' ')] as const);
  return known.length > 0 ? Object.fromEntries(known) : null;
}

/** The alert text for a refused save without field messages. */
export function saveFailureMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.serverMessage ? error.serverMessage : fallback;
}
