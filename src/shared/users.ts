import { z } from 'zod';
import { lineText } from './text-fields.ts';

export const USER_TYPES = ['property_manager', 'vendor'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** The signed-in user as GET /api/users/auth-status/ and login answer it (signed-in spec, section 3). */
export const authUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  type: z.enum(USER_TYPES).nullable(),
  is_staff: z.boolean(),
  is_superuser: z.boolean(),
  client: z.number().int().nullable(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const authStatusSchema = z.object({
  isAuthenticated: z.boolean(),
  user: authUserSchema.nullable(),
});
export type AuthStatus = z.infer<typeof authStatusSchema>;

const REQUIRED = 'This field is required.';

/** A missing field gets the same message as an empty one, not zod's "expected string, received undefined". */
export const loginInputSchema = z.object({
  email: lineText(254, { error: REQUIRED }).min(1, REQUIRED),
  // Never stored or looked up as text (only its scrypt hash is compared), so any character may be in it.
  password: z.string({ error: REQUIRED }).min(1, REQUIRED).max(1024),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const loginResponseSchema = z.object({
  message: z.string(),
  token: z.string(),
  user: authUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** GET /api/get-csrf-token/: the token the X-CSRFToken header repeats (also set as the cookie). */
export const csrfTokenAnswerSchema = z.object({ csrfToken: z.string() });

/** GET /api/users/validate-password-token/{token}/ when the token may be used (else 400 {error, valid: false}). */
export const passwordTokenAnswerSchema = z.object({
  valid: z.literal(true),
  purpose: z.enum(['set_password', 'reset_password']),
});
