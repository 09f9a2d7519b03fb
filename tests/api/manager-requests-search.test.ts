import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRequest, makeRequestWorld } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import type { TestClient } from '../support/test-client.ts';

// The top bar's search on the manager's Maintenance Requests list: the vendor jobs search's
// semantics (every word in description, areas affected or type; LIKE wildcards literal), inside
// the manager's own requests, combined with the other filters and the paging.

const LIST = '/api/property-manager/maintenance-requests/';
let t: TestApp;
let manager: TestClient;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  const { project, manager: pm } = await makeRequestWorld(t.db);
  const base = { createdById: pm.id, projectId: project.id };
  const request = async (type: 'Plumbing' | 'HVAC', description: string, area: string, status = 'open') =>
    (
      await makeRequest(t.db, {
        ...base,
        type,
        description,
        areasAffected: [area],
        status: status as 'open' | 'completed',
      })
    ).id;
  ids.sink = await request('Plumbing', 'Sink LEAKS under cabinet', 'Kitchen');
  ids.tub = await request('Plumbing', 'Slow tub drain', 'Bathroom', 'completed');
  ids.fan = await request('HVAC', 'Noisy fan, 100% on', 'Kitchen');
  // Another company's leaking sink: outside this manager's list whatever the search.
  const other = await makeRequestWorld(t.db);
  await makeRequest(t.db, {
    createdById: other.manager.id,
    projectId: other.project.id,
    type: 'Plumbing',
    description: 'Sink leaks too',
    areasAffected: ['Kitchen'],
  });
  manager = await signIn(t.app, pm.email);
});

afterAll(async () => {
  await t.close();
});

async function found(query: string) {
  const response = await manager.get(`${LIST}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ results: Array<{ id: number }>; count: number; total_pages: number }>();
  return { ids: body.results.map((row) => row.id).sort(), count: body.count, pages: body.total_pages };
}

const search = (text: string) => `search=${encodeURIComponent(text)}`;

describe('GET /api/property-manager/maintenance-requests/?search=', () => {
  it("matches description, areas and type in any case, within the manager's requests", async () => {
    expect((await found(search('leaks'))).ids).toEqual([ids.sink]);
    expect((await found(search('kitchen'))).ids).toEqual([ids.sink, ids.fan].sort());
    expect((await found(search('hvac'))).ids).toEqual([ids.fan]);
  });

  it('needs every word, takes wildcards literally and ignores a blank search', async () => {
    expect((await found(search('kitchen plumbing'))).ids).toEqual([ids.sink]);
    expect((await found(search('kitchen drain'))).ids).toEqual([]);
    expect((await found(search('100%'))).ids).toEqual([ids.fan]);
    expect((await found(search('_'))).ids).toEqual([]);
    expect((await found(search('   '))).ids).toEqual([ids.sink, ids.tub, ids.fan].sort());
  });

  it('combines with the status filter and counts only the matches', async () => {
    expect(await found(`${search('plumbing')}&status=completed`)).toEqual({
      ids: [ids.tub],
      count: 1,
      pages: 1,
    });
    const paged = await found(`${search('plumbing')}&page_size=1&page=2`);
    expect(paged.count).toBe(2);
    expect(paged.pages).toBe(2);
    expect(paged.ids).toHaveLength(1);
  });

  it('refuses a search longer than 200 characters with a field error', async () => {
    const response = await manager.get(`${LIST}?search=${'a'.repeat(201)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { search: [expect.stringContaining('200')] } });
  });
});
