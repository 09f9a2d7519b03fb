import { eq } from 'drizzle-orm';
import { jobVisits } from '#server/db/schema/job-visits.ts';
import { maintenanceRequests } from '#server/db/schema/requests.ts';
import type { MatrixCall } from './authorization-calls.ts';
import type { AuthorizationWorld } from './authorization-world.ts';
import { multipart } from './multipart.ts';

const WINDOW = { date: '2099-03-02', start: '09:00', end: '11:00' };
const SPEC = { at: '2099-03-02T16:05:00.000Z' };

/** A visit of a fresh job awarded to the awarded vendor: proposed by that vendor, or agreed. */
async function visit(w: AuthorizationWorld, state: 'proposed' | 'confirmed' | 'checked in'): Promise<number> {
  const requestId = await w.fresh.awardedRequest(false);
  const agreed = state !== 'proposed';
  const [row] = await w.t.db
    .insert(jobVisits)
    .values({
      requestId,
      number: 1,
      purpose: 'repair',
      status: agreed ? 'confirmed' : 'proposed',
      proposedBy: 'vendor',
      windows: [WINDOW],
      startsAt: agreed ? new Date('2099-03-02T16:00:00Z') : null,
      endsAt: agreed ? new Date('2099-03-02T18:00:00Z') : null,
      arrivedAt: state === 'checked in' ? new Date(SPEC.at) : null,
    })
    .returning({ id: jobVisits.id });
  return row!.id;
}

/** A job the awarded vendor finished and the managers confirmed: closed. */
async function closedJob(w: AuthorizationWorld): Promise<number> {
  const id = await w.fresh.awardedRequest(true);
  await w.t.db
    .update(maintenanceRequests)
    .set({ status: 'completed', completedAt: new Date() })
    .where(eq(maintenanceRequests.id, id));
  return id;
}

const ACCESS = {
  access_instructions: 'Side gate, code 1234.',
  occupant_name: 'Dana Reyes',
  occupant_phone: '+1 720 555 0142',
  occupant_email: '',
  permission_to_enter: true,
};

/** A job's visits and its entry and access (tests/api/authorization-matrix-table.ts). */
export const visitCalls: Record<string, MatrixCall> = {
  'GET /api/requests/:id/visits/ [awarded, in progress]': {
    call: async (w) => ({
      method: 'GET',
      url: `/api/requests/${await w.fresh.awardedRequest(false)}/visits/`,
    }),
  },
  'POST /api/requests/:id/visits/ [awarded, in progress]': {
    changes: true,
    call: async (w) => ({
      method: 'POST',
      url: `/api/requests/${await w.fresh.awardedRequest(false)}/visits/`,
      json: { purpose: 'diagnose', windows: [WINDOW] },
    }),
  },
  'POST /api/visits/:id/accept/ [a visit the awarded vendor proposed]': {
    changes: true,
    call: async (w) => ({
      method: 'POST',
      url: `/api/visits/${await visit(w, 'proposed')}/accept/`,
      json: { window: 0 },
    }),
  },
  'POST /api/visits/:id/propose/ [a visit the awarded vendor proposed]': {
    changes: true,
    call: async (w) => ({
      method: 'POST',
      url: `/api/visits/${await visit(w, 'proposed')}/propose/`,
      json: { windows: [{ ...WINDOW, start: '13:00', end: '15:00' }] },
    }),
  },
  'POST /api/visits/:id/cancel/ [a visit the awarded vendor proposed]': {
    changes: true,
    call: async (w) => ({
      method: 'POST',
      url: `/api/visits/${await visit(w, 'proposed')}/cancel/`,
      json: { reason: 'Part on back order' },
    }),
  },
  'POST /api/visits/:id/on-my-way/ [a confirmed visit]': {
    changes: true,
    call: async (w) => ({
      method: 'POST',
      url: `/api/visits/${await visit(w, 'confirmed')}/on-my-way/`,
      json: { ...SPEC, eta_minutes: 15 },
    }),
  },
  'POST /api/visits/:id/arrived/ [a confirmed visit]': {
    changes: true,
    call: async (w) => ({
      method: 'POST',
      url: `/api/visits/${await visit(w, 'confirmed')}/arrived/`,
      json: SPEC,
    }),
  },
  'POST /api/visits/:id/left/ [a confirmed visit, checked in]': {
    changes: true,
    call: async (w) => ({
      method: 'POST',
      url: `/api/visits/${await visit(w, 'checked in')}/left/`,
      form: multipart([
        { name: 'at', value: '2099-03-02T17:30:00.000Z' },
        { name: 'note', value: 'Found the leak' },
        { name: 'another_visit_needed', value: 'true' },
      ]),
    }),
  },
  'GET /api/visits/:id/calendar.ics [a confirmed visit]': {
    call: async (w) => ({ method: 'GET', url: `/api/visits/${await visit(w, 'confirmed')}/calendar.ics` }),
  },
  'GET /api/requests/:id/access/ [awarded, in progress]': {
    call: async (w) => ({
      method: 'GET',
      url: `/api/requests/${await w.fresh.awardedRequest(false)}/access/`,
    }),
  },
  'GET /api/requests/:id/access/ [awarded and completed]': {
    call: async (w) => ({ method: 'GET', url: `/api/requests/${await closedJob(w)}/access/` }),
  },
  'PUT /api/requests/:id/access/ [awarded, in progress]': {
    changes: true,
    call: async (w) => ({
      method: 'PUT',
      url: `/api/requests/${await w.fresh.awardedRequest(false)}/access/`,
      json: ACCESS,
    }),
  },
};
