import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import { isApiError } from '#app/lib/api-error.ts';
import {
  managerDraftResponseSchema,
  managerSubmitResponseSchema,
  managerSuccessResponseSchema,
} from '#shared/manager-application.ts';
import { successAnswerSchema } from '#shared/response-fields.ts';
import {
  type Plan,
  planListSchema,
  vendorDraftResponseSchema,
  vendorSubmitResponseSchema,
  vendorSuccessResponseSchema,
} from '#shared/vendor-application.ts';
import type { ManagerApplicationValues } from './manager-application-steps.ts';
import type { VendorCompanyValues } from './vendor-application-steps.ts';

// Calls of the two application wizards (public spec, section 7).

export const onboardingKeys = {
  managerDraft: () => ['onboarding', 'manager-draft'] as const,
  vendorDraft: () => ['onboarding', 'vendor-draft'] as const,
  managerSuccess: (id: string) => ['onboarding', 'manager-success', id] as const,
  vendorPlans: () => ['onboarding', 'vendor-plans'] as const,
  vendorSuccess: (sessionId: string, subscriptionId: string) =>
    ['onboarding', 'vendor-success', sessionId, subscriptionId] as const,
};

const MANAGER = '/api/property-manager-applications';

/** The payload of each saved step (section 7), by step index; the review (3) saves nothing. */
function managerStepSave(step: number, values: ManagerApplicationValues) {
  if (step === 0)
    return apiRequest(`${MANAGER}/save_building_info/`, {
      schema: successAnswerSchema,
      method: 'POST',
      json: {
        building_name: values.building_name.trim(),
        building_address: values.building_address.trim(),
        office_phone: values.office_phone,
        ein: values.ein,
        total_employees: Number(values.total_employees),
      },
    });
  if (step === 1)
    return apiRequest(`${MANAGER}/save_admin_contact/`, {
      schema: successAnswerSchema,
      method: 'POST',
      json: {
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        email: values.email.trim(),
        phone: values.phone,
        job_title: values.job_title.trim(),
      },
    });
  const logo = values.company_logo.trim();
  return apiRequest(`${MANAGER}/save_company_info/`, {
    schema: successAnswerSchema,
    method: 'POST',
    json: {
      company_name: values.company_name.trim(),
      company_address: values.company_address.trim(),
      ...(logo === '' ? {} : { company_logo: logo }),
    },
  });
}

/**
 * Next saves the step it leaves, so a reload resumes there and the email is checked at its own
 * step; the review step has nothing to save.
 */
export async function saveManagerStep(step: number, values: ManagerApplicationValues): Promise<void> {
  if (step <= 2) await managerStepSave(step, values);
}

/** The three saves in order, then submit (section 4); resolves with the redirect URL. */
export async function submitManagerApplication(values: ManagerApplicationValues): Promise<string> {
  for (const step of [0, 1, 2]) await managerStepSave(step, values);
  const answer = await apiRequest(`${MANAGER}/submit/`, {
    schema: managerSubmitResponseSchema,
    method: 'POST',
  });
  return answer.redirect_url;
}

/** What this browser's session saved, for a wizard opened again (a reload, a phone back from another app). */
export function useManagerDraft() {
  return useQuery({
    queryKey: onboardingKeys.managerDraft(),
    queryFn: ({ signal }) => apiRequest(`${MANAGER}/draft/`, { schema: managerDraftResponseSchema, signal }),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useSubmitManagerApplication() {
  return useMutation({ mutationFn: submitManagerApplication });
}

/**
 * Section 8: "Request failed: " and the server's words, or the generic text. Field errors are not
 * written here: the wizard shows them under their fields.
 */
export function managerSubmitErrorText(error: unknown): string {
  if (isApiError(error) && !error.isNetworkError) {
    const words = [...error.nonFieldErrors, ...(error.serverMessage ? [error.serverMessage] : [])];
    // The spec's "Request failed: followed by the server body", in the body's own words: each field's
    // message also shows under its field, and no one reads JSON.
    if (words.length === 0) words.push(...Object.values(error.fieldErrors).flat());
    if (words.length > 0) return `Request failed: ${words.join(' ')}`;
  }
  return 'Failed to submit application';
}

/** The field errors of a refused save or submit, first message per field. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  return Object.fromEntries(
    Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages.join(' ')]),
  );
}

export function useManagerApplicationSuccess(id: string) {
  return useQuery({
    queryKey: onboardingKeys.managerSuccess(id),
    queryFn: ({ signal }) =>
      apiRequest(`${MANAGER}/${encodeURIComponent(id)}/success/`, {
        schema: managerSuccessResponseSchema,
        signal,
      }),
    retry: false,
  });
}

const VENDOR = '/api/vendor-applications';

export type VendorPlan = Plan;

export function vendorPlansQuery() {
  return queryOptions({
    queryKey: onboardingKeys.vendorPlans(),
    queryFn: ({ signal }) => apiRequest('/api/vendor-plans/', { schema: planListSchema, signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * The plans, read without listening until `subscribed` (TanStack Query's `subscribed: false` neither
 * fetches nor re-renders): the wizard asks for them with prefetchQuery once the page is up, and listens from the
 * plan step on, so their answer does not render the first step again while it hydrates.
 */
export function useVendorPlans(subscribed = true) {
  return useQuery({ ...vendorPlansQuery(), subscribed });
}

/** What this browser's session saved, for a wizard opened again (a reload, a phone back from another app). */
export function useVendorDraft() {
  return useQuery({
    queryKey: onboardingKeys.vendorDraft(),
    queryFn: ({ signal }) => apiRequest(`${VENDOR}/draft/`, { schema: vendorDraftResponseSchema, signal }),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

export function saveVendorCompanyInfo(values: VendorCompanyValues) {
  const json = Object.fromEntries(Object.entries(values).map(([field, value]) => [field, value.trim()]));
  return apiRequest(`${VENDOR}/save_company_info/`, {
    schema: successAnswerSchema,
    method: 'POST',
    json: { ...json, total_employees: Number(values.total_employees) },
  });
}

/**
 * The certificate and its expiry date; without a file, a new date for the certificate already on
 * the draft.
 */
export function saveVendorInsurance(certificate: File | null, expiresOn: string) {
  const formData = new FormData();
  if (certificate) formData.append('insurance_certificate', certificate);
  formData.append('insurance_expires_on', expiresOn);
  return apiRequest(`${VENDOR}/save_insurance_info/`, {
    schema: successAnswerSchema,
    method: 'POST',
    formData,
  });
}

/** Resolves with the checkout address to send the browser to. */
export async function submitVendorApplication(planId: VendorPlan['id']): Promise<string> {
  const answer = await apiRequest(`${VENDOR}/submit/`, {
    schema: vendorSubmitResponseSchema,
    method: 'POST',
    json: { plan_id: planId },
  });
  return answer.url;
}

export function useVendorApplicationSuccess(sessionId: string, subscriptionId: string) {
  return useQuery({
    queryKey: onboardingKeys.vendorSuccess(sessionId, subscriptionId),
    queryFn: ({ signal }) =>
      // No /api prefix here (section 7): the payment provider's return lands on this path.
      apiRequest(
        `/stripe/vendor/subscription/success/${encodeURIComponent(sessionId)}/${encodeURIComponent(subscriptionId)}/`,
        { schema: vendorSuccessResponseSchema, signal },
      ),
    retry: false,
  });
}
