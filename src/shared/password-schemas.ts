import { z } from 'zod';
import { lineText } from './text-fields.ts';

/** Public spec, sections 5 and 9: new passwords have at least 8 characters. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters long';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const INVALID_EMAIL = 'Please enter a valid email address';
export const EMAIL_REQUIRED = 'Email is required';

// Passwords and tokens are never kept as text (a password's scrypt hash, a token's SHA-256 is what is
// stored and looked up), so the text rule does not apply to them; their length is still capped.
const newPassword = z
  .string({ error: PASSWORD_TOO_SHORT })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(1024);
const token = z.string({ error: 'Invalid or expired token' }).min(1, 'Invalid or expired token').max(200);
const email = lineText(254, { error: EMAIL_REQUIRED, tooLong: INVALID_EMAIL })
  .min(1, EMAIL_REQUIRED)
  .pipe(z.email(INVALID_EMAIL));

/** POST /api/users/set-password/ and /api/users/reset-password-confirm/. */
export const setPasswordInputSchema = z.object({ token, password: newPassword });
export type SetPasswordInput = z.infer<typeof setPasswordInputSchema>;

/** The browser form adds the confirmation, checked only in the browser. */
export const newPasswordFormSchema = z
  .object({ password: newPassword, confirmPassword: z.string().max(1024) })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });

/** POST /api/users/reset-password/ and POST /users/resend-validation-email/. */
export const emailInputSchema = z.object({ email });
export type EmailInput = z.infer<typeof emailInputSchema>;

/** POST /api/users/confirm-email/. */
export const confirmEmailInputSchema = z.object({
  key: z.string({ error: 'No confirmation key found' }).min(1, 'No confirmation key found').max(200),
});

export const RESET_REQUEST_MESSAGE =
  'If an account exists with this email, you will receive password reset instructions.';
export const RESEND_MESSAGE = 'Confirmation email sent. Please check your inbox.';
export const INVALID_TOKEN = 'Invalid or expired token';
