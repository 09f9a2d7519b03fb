import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Raster } from '#server/images/png-raster.ts';
import type { LayoutView } from '#shared/documentation.ts';
import type { LayoutShareView, SharedLayoutView } from '#shared/layout-share.ts';
import { makeUser } from '../support/factories.ts';
import { startTestAppWithFiles, type TestAppWithFiles } from '../support/file-store-dir.ts';
import { multipart, postMultipart } from '../support/multipart.ts';
import { makeBid, makeClient, makeProject, makeRequest } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import { TestClient } from '../support/test-client.ts';

/*
 * Read-only shares of a floor plan for a property manager's own web site: the writers turn a share
 * on and off, and the token alone opens the plan (image, scale, pin places and captions, kept
 * polygons), from any site, and nothing more.
 */

let t: TestAppWithFiles;
type Who = 'manager' | 'staff' | 'otherManager' | 'worker';
const as = {} as Record<Who, TestClient>;
let layout: LayoutView;
let otherLayout: LayoutView;
const PLAN = new Raster(300, 200, [250, 250, 250]).toPng();
const PHOTO = new Raster(40, 20, [120, 90, 60]).toPng();
const WRITE_DENIED = 'You do not have permission to change the documentation of this property.';
const PRIVATE_CAPTION_WORDS = 'Behind the boiler';

const sharePath = (layoutId: number | string = layout.id) => `/api/layouts/${layoutId}/share/`;
const visitor = () => new TestClient(t.app, '10.9.9.9');
/** A request from another site's page: no cookies, an Origin of its own. */
const fromOtherSite = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { origin: 'https://acme-tower.example', ...headers } });

async function upload(projectId: number, name: string): Promise<LayoutView> {
  const response = await postMultipart(
    as.manager,
    `/api/projects/${projectId}/layouts/`,
    multipart([
      { name: 'name', value: name },
      { name: 'feet_per_pixel', value: '0.5' },
      { name: 'image', value: PLAN, filename: 'plan.png', type: 'image/png' },
    ]),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<LayoutView>();
}

async function share(who: Who = 'manager'): Promise<string> {
  const response = await as[who].request('PUT', sharePath());
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LayoutShareView>().token!;
}

beforeAll(async () => {
  t = await startTestAppWithFiles('layout-shares');
  const client = await makeClient(t.db);
  const otherClient = await makeClient(t.db);
  const manager = await makeUser(t.db, { type: 'property_manager', clientId: client.id });
  as.manager = await signIn(t.app, manager.email);
  as.staff = await signIn(t.app, (await makeUser(t.db, { type: null, isStaff: true })).email);
  const otherManager = await makeUser(t.db, { type: 'property_manager', clientId: otherClient.id });
  as.otherManager = await signIn(t.app, otherManager.email);
  const property = await makeProject(t.db, { clientId: client.id, name: 'Acme Tower' });
  // A vendor working on the property reads its documentation but may not publish it.
  const job = await makeRequest(t.db, { createdById: manager.id, projectId: property.id });
  const worker = await makeUser(t.db, { type: 'vendor' });
  await makeBid(t.db, { requestId: job.id, vendorId: worker.id, status: 'accepted' });
  as.worker = await signIn(t.app, worker.email);

  layout = await upload(property.id, 'Level 1');
  otherLayout = await upload(property.id, 'Level 2');
  const pin = await postMultipart(
    as.manager,
    `/api/projects/${property.id}/photos/`,
    multipart([
      { name: 'kind', value: 'in_wall' },
      { name: 'caption', value: PRIVATE_CAPTION_WORDS },
      { name: 'layout_id', value: String(layout.id) },
      { name: 'x', value: '0.25' },
      { name: 'y', value: '0.75' },
      { name: 'image', value: PHOTO, filename: 'wall.png', type: 'image/png' },
    ]),
  );
  expect(pin.statusCode, pin.body).toBe(201);
  const kept = await as.manager.post(`/api/layouts/${layout.id}/polygons/`, {
    name: 'Lobby',
    points: [
      { x: 10, y: 10 },
      { x: 110, y: 10 },
      { x: 110, y: 60 },
    ],
  });
  expect(kept.statusCode, kept.body).toBe(201);
});

afterAll(async () => {
  await t?.close();
});

describe('turning a share on and off', () => {
  it('starts unshared, and PUT makes one unguessable token that a second PUT keeps', async () => {
    const before = await as.manager.get(sharePath());
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ token: null, shared_at: null });

    const token = await share();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await as.staff.request('PUT', sharePath());
    expect(again.json<LayoutShareView>().token).toBe(token);
    const read = (await as.manager.get(sharePath())).json<LayoutShareView>();
    expect(read.token).toBe(token);
    expect(read.shared_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    // One layout's share says nothing about another's.
    expect((await as.manager.get(sharePath(otherLayout.id))).json()).toEqual({
      token: null,
      shared_at: null,
    });
  });

  it('DELETE withdraws it: the old token is a 404, and sharing again makes a new one', async () => {
    const token = await share();
    expect((await visitor().get(`/api/shared-layouts/${token}/`)).statusCode).toBe(200);
    const off = await as.manager.request('DELETE', sharePath());
    expect(off.statusCode).toBe(204);
    expect((await as.manager.get(sharePath())).json()).toEqual({ token: null, shared_at: null });
    expect((await visitor().get(`/api/shared-layouts/${token}/`)).statusCode).toBe(404);
    expect((await visitor().get(`/api/shared-layouts/${token}/image`)).statusCode).toBe(404);
    // Withdrawing an unshared layout is not an error.
    expect((await as.manager.request('DELETE', sharePath())).statusCode).toBe(204);
    const fresh = await share();
    expect(fresh).not.toBe(token);
  });

  it('is for the documentation writers only: 401, 404, then 403', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const signedOut = await visitor().request(method, sharePath());
      // A signed-out write meets the CSRF check first (no session), a read the sign-in check.
      expect(signedOut.statusCode).toBe(method === 'GET' ? 401 : 403);
      expect((await as.manager.request(method, sharePath(999_999))).statusCode).toBe(404);
      expect((await as.manager.request(method, sharePath('abc'))).statusCode).toBe(404);
      for (const who of ['worker', 'otherManager'] as const) {
        const refused = await as[who].request(method, sharePath());
        expect(refused.statusCode, `${method} as ${who}`).toBe(403);
        expect(refused.json()).toEqual({ error: WRITE_DENIED, detail: WRITE_DENIED });
      }
    }
    // The refusals changed nothing.
    expect((await as.manager.get(sharePath())).json<LayoutShareView>().token).not.toBeNull();
  });
});

describe('GET /api/shared-layouts/{token}/', () => {
  it('answers the plan, its scale, pin places with captions and kept polygons to any site, and nothing more', async () => {
    const token = await share();
    const response = await fromOtherSite(`/api/shared-layouts/${token}/`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['cache-control']).toBe('no-cache');
    const plan = response.json<SharedLayoutView>();
    expect(plan).toEqual({
      name: 'Level 1',
      image_url: `/api/shared-layouts/${token}/image`,
      width_px: 300,
      height_px: 200,
      feet_per_pixel: 0.5,
      pins: [{ id: expect.any(Number), x: 0.25, y: 0.75, caption: PRIVATE_CAPTION_WORDS }],
      polygons: [
        {
          id: expect.any(Number),
          name: 'Lobby',
          points: [
            { x: 10, y: 10 },
            { x: 110, y: 10 },
            { x: 110, y: 60 },
          ],
        },
      ],
    });
    // No photo, property, client, person or storage key travels with it.
    expect(response.body).not.toMatch(
      /\/api\/files\/|documentation\/|Acme Tower|created_by|url":"\/api\/files/,
    );
  });

  it('serves the plan image for the token, with its ETag and 304, to any site', async () => {
    const token = await share();
    const image = await fromOtherSite(`/api/shared-layouts/${token}/image`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(Buffer.from(image.rawPayload).equals(PLAN)).toBe(true);
    const etag = image.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await fromOtherSite(`/api/shared-layouts/${token}/image`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers one readable 404 to an unknown, malformed or withdrawn token', async () => {
    const unknown = 'A'.repeat(43);
    for (const url of [
      `/api/shared-layouts/${unknown}/`,
      `/api/shared-layouts/${unknown}/image`,
      '/api/shared-layouts/short/',
      `/api/shared-layouts/${'A'.repeat(42)}%2E/image`,
    ]) {
      const response = await fromOtherSite(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
      // The embed on another site reads the 404 to say "not shared any more".
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('does not open the share of another layout, nor the private file address', async () => {
    const token = await share();
    const plan = (await fromOtherSite(`/api/shared-layouts/${token}/`)).json<SharedLayoutView>();
    expect(plan.name).toBe('Level 1');
    // The stored file itself stays behind sign-in.
    expect((await visitor().get(layout.url)).statusCode).toBe(401);
    expect((await as.manager.get(sharePath(otherLayout.id))).json<LayoutShareView>().token).toBeNull();
  });
});
