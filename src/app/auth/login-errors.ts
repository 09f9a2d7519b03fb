import { isApiError } from '#app/lib/api-error.ts';

// Texts from the public spec, section 8.
export const LOGIN_SUCCESS = 'Login successful! Redirecting...';
export const LOGIN_FAILED = 'Login failed';
export const LOGIN_ERROR = 'An error occurred during login';

export type LoginField = 'email' | 'password';

export interface LoginErrorView {
  /** Under each field, its messages joined by spaces. */
  fieldErrors: Partial<Record<LoginField, string>>;
  /** The red alert: non_field_errors (and errors for fields the form does not have). */
  alert: string | null;
  /** The error toast, used only when nothing else explains the failure. */
  toast: string | null;
}

/** How a failed login is shown (public spec, section 8). */
export function loginErrorView(error: unknown): LoginErrorView {
  if (!isApiError(error) || error.isNetworkError) return { fieldErrors: {}, alert: null, toast: LOGIN_ERROR };

  const fieldErrors: Partial<Record<LoginField, string>> = {};
  const alertParts = [...error.nonFieldErrors];
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    if (field === 'email' || field === 'password') fieldErrors[field] = messages.join(' ');
    else alertParts.push(...messages);
  }
  const alert = alertParts.length > 0 ? alertParts.join(' ') : null;
  if (alert !== null || Object.keys(fieldErrors).length > 0) return { fieldErrors, alert, toast: null };
  return { fieldErrors, alert: null, toast: error.serverMessage ?? LOGIN_FAILED };
}
