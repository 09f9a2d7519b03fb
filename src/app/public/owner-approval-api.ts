import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import { isApiError } from '#app/lib/api-error.ts';
import { lazySchema } from '#app/lib/lazy-schema.ts';
import type { OwnerApproveInput } from '#shared/owner-approval-schemas.ts';

const pageSchema = lazySchema(() =>
  import('#shared/owner-approval-schemas.ts').then((m) => m.ownerApprovalPageSchema),
);
const anyAnswer = lazySchema(() => import('#shared/response-fields.ts').then((m) => m.anyAnswerSchema));

const ownerPath = (token: string, step = '') =>
  `/api/owner-approvals/${encodeURIComponent(token)}/${step ? `${step}/` : ''}`;

export const ownerPageKey = (token: string) => ['owner-approval', 'page', token] as const;

/** Owner's calls: no account, the token in the path is the key (no bearer, no sign-in redirect). */
const asOwner = { sendToken: false, redirectOn401: false } as const;

/** GET /api/owner-approvals/{token}/: the page; a 404 or 410 is the answer to show, not retried. */
export function useOwnerApprovalPage(token: string) {
  return useQuery({
    queryKey: ownerPageKey(token),
    queryFn: ({ signal }) => apiRequest(ownerPath(token), { schema: pageSchema, signal, ...asOwner }),
    retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The owner's answers: approve, decline, ask. A decision reads the page again (its outcome). */
function useOwnerStep<Input>(token: string, step: 'approve' | 'decline' | 'question') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) =>
      apiRequest(ownerPath(token, step), { schema: anyAnswer, method: 'POST', json: input, ...asOwner }),
    onSuccess: () =>
      step === 'question' ? undefined : queryClient.invalidateQueries({ queryKey: ownerPageKey(token) }),
  });
}

export const useOwnerApprove = (token: string) => useOwnerStep<OwnerApproveInput>(token, 'approve');
export const useOwnerDecline = (token: string) => useOwnerStep<{ reason: string }>(token, 'decline');
export const useOwnerQuestion = (token: string) => useOwnerStep<{ question: string }>(token, 'question');
