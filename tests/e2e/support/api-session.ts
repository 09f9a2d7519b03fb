import { type APIRequestContext, type APIResponse, expect } from '@playwright/test';

/** The CSRF header the server checks on cookie-authenticated writes, taken from the token call. */
export async function csrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.get('/api/get-csrf-token/');
  expect(response.ok()).toBe(true);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { 'X-CSRFToken': csrfToken };
}

/** A POST with the CSRF header, failing the test with the server's answer if it is not 2xx. */
export async function postJson(request: APIRequestContext, url: string, data: unknown): Promise<APIResponse> {
  const response = await request.post(url, { data, headers: await csrfHeaders(request) });
  expect(response.ok(), `${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return response;
}

/** Signs in through the API as the browser app does: a CSRF token first, then the login call. */
export async function apiSignIn(request: APIRequestContext, email: string, password: string): Promise<void> {
  await postJson(request, '/api/users/login/', { email, password });
}
