import { type APIRequestContext, expect } from '@playwright/test';
import { postJson } from './api-session.ts';

const BASE = '/api/property-manager-applications';

/**
 * A fresh property manager account with `password` and its email NOT yet confirmed, made through
 * the manager application API (three saves, submit, success page token, set password), so a spec
 * can change it without touching the demo accounts other specs share. Set-password mails the
 * confirm-email link.
 */
export async function createManagerAccount(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<void> {
  await postJson(request, `${BASE}/save_building_info/`, {
    building_name: 'Reset Court',
    building_address: '1 Reset St, Denver, CO',
    office_phone: '3035550100',
    ein: '123456789',
    total_employees: 5,
  });
  await postJson(request, `${BASE}/save_admin_contact/`, {
    first_name: 'Rita',
    last_name: 'Reset',
    email,
    phone: '3035550101',
    job_title: 'Director',
  });
  await postJson(request, `${BASE}/save_company_info/`, {
    company_name: 'Reset Holdings',
    company_address: '2 Reset St, Denver, CO',
    company_logo: '',
  });
  const submitted = await postJson(request, `${BASE}/submit/`, {});
  const { redirect_url } = (await submitted.json()) as { redirect_url: string };
  const success = await request.get(
    `/api${redirect_url.replace('/property-manager-application/', '/property-manager-applications/')}/`,
  );
  expect(success.ok()).toBe(true);
  const { password_token } = (await success.json()) as { password_token: string };
  await postJson(request, '/api/users/set-password/', { token: password_token, password });
}
