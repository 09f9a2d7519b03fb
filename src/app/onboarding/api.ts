import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import { isApiError } from '#app/lib/api-error.ts';
import { managerSubmitResponseSchema, managerSuccessResponseSchema } from '#shared/manager-application.ts';
import { successAnswerSchema } from '#shared/response-fields.ts';
import {
  type Plan,
  planListSchema,
  vendorSubmitResponseSchema,
  vendorSuccessResponseSchema,
} from '#shared/vendor-application.ts';
import type { ManagerApplicationValues } from './manager-application-steps.ts';
import type { VendorCompanyValues } from './vendor-application-steps.ts';

// Calls of the two application wizards (public spec, section 7).

export const onboardingKeys = {
  managerSuccess: (id: string) => ['onboarding', 'manager-success', id] as const,
  vendorPlans: () => ['onboarding', 'vendor-plans'] as const,
  vendorSuccess: (sessionId: string, subscriptionId: string) =>
    ['onboarding', 'vendor-success', sessionId, subscriptionId] as const,
};

const MANAGER = '/api/property-manager-applications';

/** The three saves in order, then submit (section 4); resolves with the redirect URL. */
export async function submitManagerApplication(values: ManagerApplicationValues): Promise<string> {
  await apiRequest(`${MANAGER}/save_building_info/`, {
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
  await apiRequest(`${MANAGER}/save_admin_contact/`, {
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
  await apiRequest(`${MANAGER}/save_company_info/`, {
    schema: successAnswerSchema,
    method: 'POST',
    json: {
      company_name: values.company_name.trim(),
      company_address: values.company_address.trim(),
      ...(logo === '' ? {} : { company_logo: logo }),
    },
  });
  const answer = await apiRequest(`${MANAGER}/submit/`, {
    schema: managerSubmitResponseSchema,
    method: 'POST',
  });
  return answer.redirect_url;
}

export function useSubmitManagerApplication() {
  return useMutation({ mutationFn: submitManagerApplication });
}

/** Section 8: "Request failed: " and the server's body, or the generic text. */
export function managerSubmitErrorText(error: unknown): string {
  if (isApiError(error) && !error.isNetworkError) {
    const body = typeof error.body === 'string' ? error.body : JSON.stringify(error.body);
    return `Request failed: ${body}`;
  }
  return 'Failed to submit application';
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
 * plan step on, so their answer does not render the first step again while it hydrates (issue 16).
 */
export function useVendorPlans(subscribed = true) {
  return useQuery({ ...vendorPlansQuery(), subscribed });
}

export function saveVendorCompanyInfo(values: VendorCompanyValues) {
  const json = Object.fromEntries(Object.entries(values).map(([field, value]) => [field, value.trim()]));
  return apiRequest(`${VENDOR}/save_company_info/`, {
    schema: successAnswerSchema,
    method: 'POST',
    json: { ...json, total_employees: Number(values.total_employees) },
  });
}

export function saveVendorInsurance(certificate: File) {
  const formData = new FormData();
  formData.append('insurance_certificate', certificate);
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
