import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '#app/lib/api-client.ts';
import { isApiError } from '#app/lib/api-error.ts';
import { lazySchema } from '#app/lib/lazy-schema.ts';
import { clearToken, setToken, useStoredToken } from '#app/lib/token-store.ts';
import type { AuthStatus, AuthUser, LoginInput } from '#shared/users.ts';

const users = () => import('#shared/users.ts');
const authStatusSchema = lazySchema(() => users().then((m) => m.authStatusSchema));
const loginResponseSchema = lazySchema(() => users().then((m) => m.loginResponseSchema));
const passwordTokenAnswerSchema = lazySchema(() => users().then((m) => m.passwordTokenAnswerSchema));
const messageAnswerSchema = lazySchema(() =>
  import('#shared/response-fields.ts').then((m) => m.messageAnswerSchema),
);

export const authKeys = {
  all: ['auth'] as const,
  status: () => [...authKeys.all, 'status'] as const,
};

export function authStatusQueryOptions() {
  return queryOptions({
    queryKey: authKeys.status(),
    meta: { answer: 'authStatus' },
    queryFn: ({ signal }): Promise<AuthStatus> =>
      // A 401 here is an answer for the guard, not a reason to jump to /login from inside the client.
      apiRequest('/api/users/auth-status/', { schema: authStatusSchema, signal, redirectOn401: false }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Whether an auth-status failure means "not signed in" (a dropped connection does not). */
export function authStatusFailed(error: unknown): boolean {
  return !(isApiError(error) && error.isNetworkError);
}

/**
 * The signed-in user's status, asked only while a token is stored (public spec, section 7). A failed
 * check or a "not authenticated" answer removes the token (public spec, section 4).
 */
export function useAuthStatus() {
  const token = useStoredToken();
  const query = useQuery({ ...authStatusQueryOptions(), enabled: token !== null });
  const signedOut =
    token !== null &&
    ((query.isError && authStatusFailed(query.error)) || (query.isSuccess && !query.data.isAuthenticated));
  useEffect(() => {
    if (signedOut) clearToken();
  }, [signedOut]);
  return { ...query, token };
}

/** The user from an auth-status answer, or null. */
export function userOf(status: AuthStatus | undefined): AuthUser | null {
  return status?.isAuthenticated ? status.user : null;
}

export interface LoginResult {
  message: string;
  user: AuthUser;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput): Promise<LoginResult> => {
      const answer = await apiRequest('/api/users/login/', {
        schema: loginResponseSchema,
        method: 'POST',
        json: input,
        // A stale token from an old session must not ride along with a fresh login.
        sendToken: false,
        redirectOn401: false,
      });
      // Nothing cached for a previous user may show up for this one.
      queryClient.removeQueries();
      setToken(answer.token);
      const status: AuthStatus = { isAuthenticated: true, user: answer.user };
      queryClient.setQueryData(authKeys.status(), status);
      return { message: answer.message, user: answer.user };
    },
  });
}

/** POST /api/users/logout/. Local sign-out happens whatever it answers (see useSignOut). */
export function useLogoutMutation() {
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/users/logout/', { schema: messageAnswerSchema, method: 'POST', redirectOn401: false }),
  });
}

// Password setting, email confirmation and password reset (public spec, sections 2, 4, 7 and 8).

export const passwordKeys = {
  token: (token: string) => ['auth', 'password-token', token] as const,
};

/**
 * GET /api/users/validate-password-token/{token}/: true when the token may be used. An error answer
 * or `{valid: false}` means it may not; a dropped connection or a server fault is thrown.
 */
export function usePasswordTokenCheck(token: string) {
  return useQuery({
    queryKey: passwordKeys.token(token),
    queryFn: async ({ signal }): Promise<boolean> => {
      try {
        const answer = await apiRequest(`/api/users/validate-password-token/${encodeURIComponent(token)}/`, {
          schema: passwordTokenAnswerSchema,
          signal,
          sendToken: false,
          redirectOn401: false,
        });
        return answer.valid;
      } catch (error) {
        if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
        throw error;
      }
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

const anonymousPost = (path: string, json: unknown) =>
  apiRequest(path, {
    schema: messageAnswerSchema,
    method: 'POST',
    json,
    sendToken: false,
    redirectOn401: false,
  });

export function useSetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      anonymousPost('/api/users/set-password/', input),
  });
}

/** Note the path has no /api prefix (section 7). */
export function useResendValidationEmail() {
  return useMutation({
    mutationFn: (input: { email: string }) => anonymousPost('/users/resend-validation-email/', input),
  });
}

export function useConfirmEmail() {
  return useMutation({
    mutationFn: (input: { key: string }) => anonymousPost('/api/users/confirm-email/', input),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: { email: string }) => anonymousPost('/api/users/reset-password/', input),
  });
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      anonymousPost('/api/users/reset-password-confirm/', input),
  });
}
