import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../support/factories.ts';
import { makeRequests, makeRequestWorld, makeVendor } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TestClient } from '../support/test-client.ts';

type Job = {
  id: number;
  status: string;
  service_type: string;
  deadline: string | null;
  created_at: string;
  invited_vendors: number[];
};
type Page = { results: Job[]; count: number; total_pages: number; current_page: number };

let t: TestApp;
let vendor: TestClient;
let staff: TestClient;
let manager: TestClient;
let invitedVendor: TestClient;
let strangerVendor: TestClient;
const ids: Record<string, number> = {};

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));

beforeAll(async () => {
  t = await startTestApp();
  const { project, manager: pm } = await makeRequestWorld(t.db);
  const plumber = await makeVendor(t.db, { serviceCategories: ['Plumbing', 'HVAC'] });
  const invited = await makeVendor(t.db, { serviceCategories: ['Painting'] });
  const stranger = await makeVendor(t.db, { serviceCategories: ['Windows'] });
  const admin = await makeUser(t.db, { type: null, isStaff: true });
  ids.invited = invited.id;
  // Five jobs with distinct statuses, times and deadlines, so every ordering has one answer.
  Object.assign(
    ids,
    await makeRequests(
      t.db,
      { createdById: pm.id, projectId: project.id },
      {
        plumbOpen: { type: 'Plumbing', status: 'open', createdAt: at(1), bidDeadline: at(500) },
        hvacDone: { type: 'HVAC', status: 'completed', createdAt: at(2), bidDeadline: at(100) },
        plumbCancelled: { type: 'Plumbing', status: 'cancelled', createdAt: at(3), bidDeadline: at(300) },
        hvacProgress: { type: 'HVAC', status: 'in_progress', createdAt: at(4) },
        plumbOpenNew: { type: 'Plumbing', status: 'open', createdAt: at(5), bidDeadline: at(200) },
        electricalInvited: { type: 'Electrical', createdAt: at(6), invited: [invited.id] },
        openToAll: { type: 'Doors', createdAt: at(7), inviteAll: true },
      },
    ),
  );
  vendor = await signIn(t.app, plumber.email);
  invitedVendor = await signIn(t.app, invited.email);
  strangerVendor = await signIn(t.app, stranger.email);
  staff = await signIn(t.app, admin.email);
  manager = await signIn(t.app, pm.email);
});
afterAll(async () => {
  await t.close();
});

async function list(client: TestClient, query = ''): Promise<Page> {
  const response = await client.get(`/api/vendor/jobs/${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<Page>();
}

describe('GET /api/vendor/jobs/ access and visibility', () => {
  it('refuses a visitor with 401 and a property manager with 403', async () => {
    expect((await new TestClient(t.app).get('/api/vendor/jobs/')).statusCode).toBe(401);
    expect((await manager.get('/api/vendor/jobs/')).statusCode).toBe(403);
  });

  it('shows a vendor the jobs of its categories and the open-to-all ones', async () => {
    const page = await list(vendor);
    expect(page.results.map((job) => job.id).sort()).toEqual(
      [
        ids.plumbOpen,
        ids.hvacDone,
        ids.plumbCancelled,
        ids.hvacProgress,
        ids.plumbOpenNew,
        ids.openToAll,
      ].sort(),
    );
    expect(page.count).toBe(6);
  });

  it('shows an invited vendor the job it is invited to (with its id in invited_vendors)', async () => {
    const page = await list(invitedVendor);
    expect(page.results.map((job) => job.id).sort()).toEqual([ids.electricalInvited, ids.openToAll].sort());
    expect(page.results.find((job) => job.id === ids.electricalInvited)!.invited_vendors).toEqual([
      ids.invited,
    ]);
  });

  it('shows a vendor neither invited nor in the category only the open-to-all job', async () => {
    const page = await list(strangerVendor);
    expect(page.results.map((job) => job.id)).toEqual([ids.openToAll]);
  });

  it('shows staff every job, with every field of a list item', async () => {
    const page = await list(staff);
    expect(page.count).toBe(7);
    expect(page.results.find((job) => job.id === ids.plumbOpen)).toEqual({
      id: ids.plumbOpen,
      created_at: at(1).toISOString(),
      service_type: 'Plumbing',
      description: expect.any(String),
      status: 'open',
      deadline: at(500).toISOString(),
      invited_vendors: [],
      areas_affected: [],
      timeframe: null,
      is_own_report: false,
    });
  });
});

describe('GET /api/vendor/jobs/ ordering', () => {
  const order = async (query: string) => (await list(vendor, query)).results.map((job) => job.id);
  const jobs = (...names: string[]) => names.map((name) => ids[name]);

  it('orders by status (Open, In Progress, Completed, Cancelled) then newest first by default', async () => {
    expect(await order('')).toEqual(
      jobs('openToAll', 'plumbOpenNew', 'plumbOpen', 'hvacProgress', 'hvacDone', 'plumbCancelled'),
    );
  });

  it('sorts by created_at both ways', async () => {
    const ascending = jobs(
      'plumbOpen',
      'hvacDone',
      'plumbCancelled',
      'hvacProgress',
      'plumbOpenNew',
      'openToAll',
    );
    expect(await order('?ordering=created_at')).toEqual(ascending);
    expect(await order('?ordering=-created_at')).toEqual([...ascending].reverse());
  });

  it('sorts by status rank both ways, newest first within a status', async () => {
    expect(await order('?ordering=status')).toEqual(await order(''));
    expect(await order('?ordering=-status')).toEqual(
      jobs('plumbCancelled', 'hvacDone', 'hvacProgress', 'openToAll', 'plumbOpenNew', 'plumbOpen'),
    );
  });

  it('sorts by service_type both ways, newest first within a type', async () => {
    expect(await order('?ordering=service_type')).toEqual(
      jobs('openToAll', 'hvacProgress', 'hvacDone', 'plumbOpenNew', 'plumbCancelled', 'plumbOpen'),
    );
    expect(await order('?ordering=-service_type')).toEqual(
      jobs('plumbOpenNew', 'plumbCancelled', 'plumbOpen', 'hvacProgress', 'hvacDone', 'openToAll'),
    );
  });

  it('sorts by deadline both ways, jobs without one last', async () => {
    expect(await order('?ordering=deadline')).toEqual(
      jobs('hvacDone', 'plumbOpenNew', 'plumbCancelled', 'plumbOpen', 'openToAll', 'hvacProgress'),
    );
    expect(await order('?ordering=-deadline')).toEqual(
      jobs('plumbOpen', 'plumbCancelled', 'plumbOpenNew', 'hvacDone', 'openToAll', 'hvacProgress'),
    );
  });

  it('refuses an unknown ordering with 400 naming the allowed fields', async () => {
    const response = await vendor.get('/api/vendor/jobs/?ordering=-price');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: { ordering: [expect.stringContaining('status, service_type, deadline, created_at')] },
    });
  });
});

describe('GET /api/vendor/jobs/ filters and paging', () => {
  it('filters by service_type and status', async () => {
    expect((await list(vendor, '?service_type=HVAC')).results.map((job) => job.id)).toEqual([
      ids.hvacProgress,
      ids.hvacDone,
    ]);
    expect((await list(vendor, '?status=open&service_type=Plumbing')).results.map((job) => job.id)).toEqual([
      ids.plumbOpenNew,
      ids.plumbOpen,
    ]);
    expect((await vendor.get('/api/vendor/jobs/?status=closed')).statusCode).toBe(400);
    expect((await vendor.get('/api/vendor/jobs/?service_type=Roofing')).statusCode).toBe(400);
  });

  it('pages with page and page_size', async () => {
    const first = await list(vendor, '?page_size=4');
    expect(first).toMatchObject({ count: 6, total_pages: 2, current_page: 1 });
    expect(first.results).toHaveLength(4);
    const second = await list(vendor, '?page_size=4&page=2');
    expect(second.results.map((job) => job.id)).toEqual([ids.hvacDone, ids.plumbCancelled]);
    expect(second.current_page).toBe(2);
  });

  it('answers a page past the end with empty results and the right count', async () => {
    expect(await list(vendor, '?page=3')).toEqual({ results: [], count: 6, total_pages: 1, current_page: 3 });
  });

  it('refuses page 0, a negative page and a non-numeric page with 400', async () => {
    for (const page of ['0', '-1', 'two', '1.5']) {
      const response = await vendor.get(`/api/vendor/jobs/?page=${page}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.page).toHaveLength(1);
    }
    expect((await vendor.get('/api/vendor/jobs/?page_size=0')).statusCode).toBe(400);
  });

  it('caps page_size at 100 and defaults it to 10', async () => {
    expect((await list(staff, '?page_size=5000')).total_pages).toBe(1);
    expect((await list(staff, '?page_size=5000')).results).toHaveLength(7);
    expect((await list(staff, '?page_size=1')).total_pages).toBe(7);
    expect((await list(staff)).total_pages).toBe(1);
  });
});
