import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '#app/lib/api-client.ts';
import { isApiError } from '#app/lib/api-error.ts';
import { managerSubmitResponseSchema, managerSuccessResponseSchema } from '#shared/manager-application.ts';
import {
  type Plan,
  planSchema,
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
    method: 'POST',
    json: {
      company_name: values.company_name.trim(),
      company_address: values.company_address.trim(),
      ...(logo === '' ? {} : { company_logo: logo }),
    },
  });
  const answer = managerSubmitResponseSchema.parse(
    await apiRequest(`${MANAGER}/submit/`, { method: 'POST' }),
  );
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
    queryFn: async ({ signal }) =>
      managerSuccessResponseSchema.parse(
        await apiRequest(`${MANAGER}/${encodeURIComponent(id)}/success/`, { signal }),
      ),
    retry: false,
  });
}

const VENDOR = '/api/vendor-applications';

export type VendorPlan = Plan;

export function useVendorPlans() {
  return useQuery({
    queryKey: onboardingKeys.vendorPlans(),
    queryFn: async ({ signal }) => {
      const body = await apiRequest('/api/vendor-plans/', { signal });
      // A plain list, or a paginated page of them.
      const list = Array.isArray(body)
        ? body
        : z.object({ results: z.array(z.unknown()) }).parse(body).results;
      return z.array(planSchema).parse(list);
    },
    staleTime: 5 * 60_000,
  });
}

export function saveVendorCompanyInfo(values: VendorCompanyValues): Promise<unknown> {
  const json = Object.fromEntries(Object.entries(values).map(([field, value]) => [field, value.trim()]));
  return apiRequest(`${VENDOR}/save_company_info/`, {
    method: 'POST',
    json: { ...json, total_employees: Number(values.total_employees) },
  });
}

export function saveVendorInsurance(certificate: File): Promise<unknown> {
  const formData = new FormData();
  formData.append('insurance_certificate', certificate);
  return apiRequest(`${VENDOR}/save_insurance_info/`, { method: 'POST', formData });
}

/** Resolves with the checkout address to send the browser to. */
export async function submitVendorApplication(planId: VendorPlan['id']): Promise<string> {
  const answer = vendorSubmitResponseSchema.parse(
    await apiRequest(`${VENDOR}/submit/`, { method: 'POST', json: { plan_id: planId } }),
  );
  return answer.url;
}

export function useVendorApplicationSuccess(sessionId: string, subscriptionId: string) {
  return useQuery({
    queryKey: onboardingKeys.vendorSuccess(sessionId, subscriptionId),
    queryFn: async ({ signal }) =>
      vendorSuccessResponseSchema.parse(
        // No /api prefix here (section 7): the payment provider's return lands on this path.
        await apiRequest(
          `/stripe/vendor/subscription/success/${encodeURIComponent(sessionId)}/${encodeURIComponent(subscriptionId)}/`,
          { signal },
        ),
      ),
    retry: false,
  });
}
