import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#server/db/schema/notifications.ts';
import { requestInvitations } from '#server/db/schema/requests.ts';
import { makeUser } from '../support/factories.ts';
import { makeBid, makeClient, makeProject, makeRequest, makeVendor } from '../support/request-factories.ts';
import { signInEach } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

let t: TestApp;
let projectId: number;
const users: Record<string, { id: number; email: string }> = {};
const as: Record<string, TestClient> = {};

const invitedIds = async (requestId: number) =>
  (
    await t.db
      .select({ vendorId: requestInvitations.vendorId })
      .from(requestInvitations)
      .where(eq(requestInvitations.requestId, requestId))
      .orderBy(asc(requestInvitations.vendorId))
  ).map((row) => row.vendorId);

const noticesOf = (requestId: number) =>
  t.db
    .select({ userId: notifications.userId, kind: notifications.kind, message: notifications.message })
    .from(notifications)
    .where(eq(notifications.relatedRequestId, requestId))
    .orderBy(asc(notifications.id));

const openRequest = (invited: number[] = []) =>
  makeRequest(t.db, { createdById: users.creator!.id, projectId, type: 'Plumbing', invited });

const invite = (who: string, requestId: number, vendors: unknown) =>
  as[who]!.post(`/api/requests/${requestId}/invitations/`, { vendors });

beforeAll(async () => {
  t = await startTestApp();
  const client = await makeClient(t.db);
  const otherClient = await makeClient(t.db);
  projectId = (await makeProject(t.db, { clientId: client.id, name: 'Harbour View' })).id;
  const made = {
    creator: await makeUser(t.db, { type: 'property_manager', clientId: client.id }),
    colleague: await makeUser(t.db, { type: 'property_manager', clientId: client.id }),
    stranger: await makeUser(t.db, { type: 'property_manager', clientId: otherClient.id }),
    staff: await makeUser(t.db, { type: null, isStaff: true }),
    pipes: await makeVendor(t.db, { companyName: 'Pipes Inc', serviceCategories: ['Plumbing'] }),
    drip: await makeVendor(t.db, { companyName: 'Drip Co', serviceCategories: ['Plumbing'] }),
    painter: await makeVendor(t.db, { companyName: 'Brush Bros', serviceCategories: ['Painting'] }),
    inactive: await makeUser(t.db, { type: 'vendor', isActive: false }),
  };
  Object.assign(users, made);
  const { inactive: _cannotSignIn, ...active } = made;
  Object.assign(as, await signInEach(t.app, active));
});

afterAll(async () => {
  await t.close();
});

describe('POST /api/requests/{id}/invitations/', () => {
  it('invites active vendors, answers who was newly invited and notifies each of them', async () => {
    const request = await openRequest();
    const response = await invite('creator', request.id, [users.pipes!.id, users.drip!.id]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      invited: [
        { id: users.pipes!.id, name: 'Pipes Inc' },
        { id: users.drip!.id, name: 'Drip Co' },
      ],
    });
    expect(await invitedIds(request.id)).toEqual([users.pipes!.id, users.drip!.id].sort((a, b) => a - b));
    expect(await noticesOf(request.id)).toEqual([
      {
        userId: users.pipes!.id,
        kind: 'invited',
        message: `You have been invited to bid on request #${request.id} (Plumbing) at Harbour View.`,
      },
      {
        userId: users.drip!.id,
        kind: 'invited',
        message: `You have been invited to bid on request #${request.id} (Plumbing) at Harbour View.`,
      },
    ]);
  });

  it('skips vendors already invited: no second row, no second notice', async () => {
    const request = await openRequest([users.pipes!.id]);
    const response = await invite('colleague', request.id, [users.pipes!.id, users.drip!.id]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ invited: [{ id: users.drip!.id, name: 'Drip Co' }] });
    expect((await noticesOf(request.id)).map((notice) => notice.userId)).toEqual([users.drip!.id]);
    const again = await invite('staff', request.id, [users.drip!.id]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ invited: [] });
    expect(await noticesOf(request.id)).toHaveLength(1);
  });

  it('lets staff invite', async () => {
    const request = await openRequest();
    const response = await invite('staff', request.id, [users.drip!.id]);
    expect(response.statusCode).toBe(200);
    expect(await invitedIds(request.id)).toEqual([users.drip!.id]);
  });

  it('answers 401 signed out, 404 for an unknown request', async () => {
    const request = await openRequest();
    const anonymous = new TestClient(t.app);
    await anonymous.csrfToken();
    const signedOut = await anonymous.post(`/api/requests/${request.id}/invitations/`, {
      vendors: [users.drip!.id],
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await invite('creator', 999_999, [users.drip!.id])).statusCode).toBe(404);
    expect(await invitedIds(request.id)).toEqual([]);
  });

  it('refuses 403 to managers of another client and to vendors', async () => {
    const request = await openRequest();
    expect((await invite('stranger', request.id, [users.drip!.id])).statusCode).toBe(403);
    expect((await invite('pipes', request.id, [users.drip!.id])).statusCode).toBe(403);
    expect(await invitedIds(request.id)).toEqual([]);
    expect(await noticesOf(request.id)).toEqual([]);
  });

  it('refuses 400 for anyone who is not an active vendor, and for an empty list', async () => {
    const request = await openRequest();
    for (const vendors of [[users.inactive!.id], [users.colleague!.id], [users.drip!.id, 999_999]]) {
      const response = await invite('creator', request.id, vendors);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: { vendors: ['Select valid vendors.'] } });
    }
    const empty = await invite('creator', request.id, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toHaveProperty('errors.vendors');
    expect(await invitedIds(request.id)).toEqual([]);
    expect(await noticesOf(request.id)).toEqual([]);
  });

  it('refuses 409 INVALID_TRANSITION once the request is no longer open', async () => {
    for (const status of ['in_progress', 'completed', 'cancelled'] as const) {
      const request = await makeRequest(t.db, { createdById: users.creator!.id, projectId, status });
      const response = await invite('creator', request.id, [users.drip!.id]);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'INVALID_TRANSITION' });
      expect(await invitedIds(request.id)).toEqual([]);
      expect(await noticesOf(request.id)).toEqual([]);
    }
  });
});

const detailOf = (who: string, requestId: number) => as[who]!.get(`/api/requests/${requestId}/`);

describe('the invited vendors on GET /api/requests/{id}/', () => {
  it("lists each invited vendor's name and bid status to the managing side", async () => {
    const request = await openRequest([users.drip!.id, users.pipes!.id, users.painter!.id]);
    await makeBid(t.db, { requestId: request.id, vendorId: users.pipes!.id, status: 'pending' });
    // Invited together: one moment, so by vendor id.
    const expected = [
      { id: users.pipes!.id, name: 'Pipes Inc', bid_status: 'pending' },
      { id: users.drip!.id, name: 'Drip Co', bid_status: null },
      { id: users.painter!.id, name: 'Brush Bros', bid_status: null },
    ];
    for (const who of ['creator', 'colleague', 'staff']) {
      const response = await detailOf(who, request.id);
      expect(response.statusCode, who).toBe(200);
      expect(response.json(), who).toMatchObject({ invited_vendors: expected, invite_all: false });
    }
  });

  it('answers an empty list when no vendor is invited', async () => {
    const request = await openRequest();
    expect((await detailOf('creator', request.id)).json()).toMatchObject({ invited_vendors: [] });
  });

  it('shows no vendor who else was invited, not even an invited one', async () => {
    const request = await openRequest([users.drip!.id, users.pipes!.id]);
    for (const who of ['drip', 'pipes']) {
      const response = await detailOf(who, request.id);
      expect(response.statusCode, who).toBe(200);
      expect(response.json().invited_vendors, who).toBeNull();
      expect(response.body, who).not.toContain(who === 'drip' ? 'Pipes Inc' : 'Drip Co');
    }
    expect((await detailOf('stranger', request.id)).statusCode).toBe(403);
  });

  it('lists a vendor invited from the detail at once, with no bid yet', async () => {
    // Drip Co (the lower id) is invited last: the list keeps the order of invitation.
    const request = await openRequest([users.painter!.id]);
    // Read first, so a kept copy of the detail would answer if the invitation did not replace it.
    expect((await detailOf('colleague', request.id)).json().invited_vendors).toHaveLength(1);
    const response = await invite('colleague', request.id, [users.drip!.id]);
    expect(response.statusCode).toBe(200);
    expect((await detailOf('colleague', request.id)).json().invited_vendors).toEqual([
      { id: users.painter!.id, name: 'Brush Bros', bid_status: null },
      { id: users.drip!.id, name: 'Drip Co', bid_status: null },
    ]);
    expect(await noticesOf(request.id)).toEqual([
      {
        userId: users.drip!.id,
        kind: 'invited',
        message: `You have been invited to bid on request #${request.id} (Plumbing) at Harbour View.`,
      },
    ]);
  });

  it("leaves the list as it was when another client's manager or a vendor tries to invite", async () => {
    const request = await openRequest([users.pipes!.id]);
    expect((await invite('stranger', request.id, [users.drip!.id])).statusCode).toBe(403);
    expect((await invite('pipes', request.id, [users.drip!.id])).statusCode).toBe(403);
    expect((await detailOf('creator', request.id)).json().invited_vendors).toEqual([
      { id: users.pipes!.id, name: 'Pipes Inc', bid_status: null },
    ]);
    expect(await noticesOf(request.id)).toEqual([]);
  });
});
