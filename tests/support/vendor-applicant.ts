import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { multipart, postMultipart } from './multipart.ts';
import { TestClient } from './test-client.ts';

// A visitor going through the vendor wizard's calls (public spec, section 7), for the API tests.

export const VENDOR_BASE = '/api/vendor-applications';
export const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');

let sequence = 0;

export const companyInfo = () => ({
  vendor_name: 'Rocky Plumbing',
  total_employees: '12',
  ein: '98-7654321',
  registered_state: 'CO',
  industry: 'Plumbing',
  address: '5 Pine Rd, Boulder, CO',
  first_name: 'Sam',
  last_name: 'Ortiz',
  job_title: 'Owner',
  phone: '(720) 555-0199',
  email: `sam${++sequence}-${Date.now()}@rocky.example`,
});

export function uploadCertificate(
  client: TestClient,
  body: Buffer,
  filename = 'certificate.pdf',
  extra: Record<string, string> = {},
) {
  const form = multipart([
    { name: 'insurance_certificate', value: body, filename, type: 'application/pdf' },
    ...Object.entries(extra).map(([name, value]) => ({ name, value })),
  ]);
  return postMultipart(client, `${VENDOR_BASE}/save_insurance_info/`, form);
}

let addressSequence = 0;

/**
 * A visitor with a session and its CSRF token, as the wizard starts: each from its own address, as
 * one address may hold only a few open applications (draft-policy.ts).
 */
export async function visitor(app: FastifyInstance): Promise<TestClient> {
  addressSequence += 1;
  const client = new TestClient(
    app,
    `10.60.${Math.floor(addressSequence / 250)}.${(addressSequence % 250) + 1}`,
  );
  await client.csrfToken();
  return client;
}

/** Fills both saved steps and submits with `planId`: answers the checkout address. */
export async function submitVendorApplication(client: TestClient, planId: number, info = companyInfo()) {
  expect((await client.post(`${VENDOR_BASE}/save_company_info/`, info)).statusCode).toBe(200);
  expect(
    (await uploadCertificate(client, PDF, 'cert.pdf', { insurance_expires_on: '2027-06-30' })).statusCode,
  ).toBe(200);
  const submit = await client.post(`${VENDOR_BASE}/submit/`, { plan_id: planId });
  expect(submit.statusCode).toBe(200);
  return submit.json<{ url: string }>().url;
}
