import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRequests, makeRequestWorld, makeVendor } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import type { TestClient } from '../support/test-client.ts';

let t: TestApp;
let vendor: TestClient;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  const { project, manager: pm } = await makeRequestWorld(t.db);
  Object.assign(
    ids,
    await makeRequests(
      t.db,
      { createdById: pm.id, projectId: project.id, inviteAll: true },
      {
        sink: { type: 'Plumbing', description: 'Sink LEAKS under cabinet', areasAffected: ['Kitchen'] },
        tub: { type: 'Plumbing', description: 'Slow tub drain', areasAffected: ['Bathroom'] },
        fan: { type: 'HVAC', description: 'Noisy fan, 100% on', areasAffected: ['Kitchen'] },
      },
    ),
  );
  const me = await makeVendor(t.db);
  vendor = await signIn(t.app, me.email);
});
afterAll(async () => {
  await t.close();
});

async function found(search: string): Promise<number[]> {
  const response = await vendor.get(`/api/vendor/jobs/?search=${encodeURIComponent(search)}`);
  expect(response.statusCode).toBe(200);
  return response
    .json<{ results: Array<{ id: number }> }>()
    .results.map((job) => job.id)
    .sort();
}

describe('GET /api/vendor/jobs/?search=', () => {
  it('matches the description in any case', async () => {
    expect(await found('leaks')).toEqual([ids.sink]);
  });

  it('matches the areas affected and the service type', async () => {
    expect(await found('kitchen')).toEqual([ids.sink, ids.fan].sort());
    expect(await found('hvac')).toEqual([ids.fan]);
  });

  it('needs every word to match somewhere', async () => {
    expect(await found('kitchen plumbing')).toEqual([ids.sink]);
    expect(await found('kitchen drain')).toEqual([]);
  });

  it('takes LIKE wildcards literally and ignores a blank search', async () => {
    expect(await found('100%')).toEqual([ids.fan]);
    expect(await found('%')).toEqual([ids.fan]);
    expect(await found('_')).toEqual([]);
    expect(await found('   ')).toEqual([ids.sink, ids.tub, ids.fan].sort());
  });

  it('refuses a search longer than 200 characters with a field error', async () => {
    const response = await vendor.get(`/api/vendor/jobs/?search=${'a'.repeat(201)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { search: [expect.stringContaining('200')] } });
  });
});
