import { isApiError } from '#app/lib/api-error.ts';
import { newPasswordFormSchema } from '#shared/password-schemas.ts';

// The new-password rules of the set and reset forms (public spec, sections 5 and 9), from the shared schema.
export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

export function newPasswordErrors(
  values: NewPasswordValues,
): Partial<Record<keyof NewPasswordValues, string>> {
  const result = newPasswordFormSchema.safeParse(values);
  const errors: Partial<Record<keyof NewPasswordValues, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) errors[issue.path[0] as keyof NewPasswordValues] ??= issue.message;
  return errors;
}

/**
 * The server's refusal of the new password itself (too short, too common): shown under the field,
 * where the user fixes it, rather than in the alert. null when the refusal is about something else.
 */
export function serverPasswordError(error: unknown): string | null {
  return isApiError(error) ? (error.fieldErrors.password?.join(' ') ?? null) : null;
}

/** The server's `error`/`detail` text, or the spec's fallback. */
export function serverText(error: unknown, fallback: string): string {
  return isApiError(error) && error.serverMessage ? error.serverMessage : fallback;
}
