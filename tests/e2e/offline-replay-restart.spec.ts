import { resolve } from 'node:path';
import { type APIRequestContext, test as base, expect, type Page, request } from '@playwright/test';
import { RestartableServer } from '../support/restartable-server.ts';
import { apiSignIn } from './support/api-session.ts';
import { BidDialog } from './support/bid-dialog.ts';
import { ConversationScreen } from './support/conversation-page.ts';
import { goOffline, savedQueriesHold, signInUnderServiceWorker } from './support/offline.ts';

// The shared webServer cannot be killed, so this spec runs the built app on a server process of its
// own (own port, own fresh embedded database with the demo seed), kills it with SIGKILL in the middle
// of the outbox's replay and starts it again on the same port and data directory.
const test = base.extend<object, { replayServer: RestartableServer }>({
  replayServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture uses from this pattern
    async ({}, use, workerInfo) => {
      const server = new RestartableServer(8190 + workerInfo.parallelIndex, {
        STATIC_DIR: resolve('dist'),
      });
      await server.start(180_000);
      await use(server);
      await server.dispose();
    },
    // The first start migrates and seeds a new database: slow on a busy machine.
    { scope: 'worker', timeout: 200_000 },
  ],
  baseURL: async ({ replayServer }, use) => {
    await use(replayServer.url);
  },
});

// The service worker is what these tests are about (the config blocks it everywhere else).
test.use({ serviceWorkers: 'allow' });

// Seeding is in the fixture; sign-in, three screens, a restart and the outbox's backoff are here.
test.describe.configure({ timeout: 240_000 });

const BID_AMOUNT = 4321;

interface JobChoice {
  id: number;
  vendorId: number;
}

/** An open job the demo vendor has not bid on and the demo manager manages, so both sides can count. */
async function jobForBoth(vendor: APIRequestContext, manager: APIRequestContext): Promise<JobChoice> {
  const status = (await (await vendor.get('/api/users/auth-status/')).json()) as { user: { id: number } };
  const jobs = (await (await vendor.get('/api/vendor/jobs/?status=open&page_size=50')).json()) as {
    results: Array<{ id: number }>;
  };
  const bids = (await (await vendor.get('/api/vendor/bids/?page_size=100')).json()) as {
    results: Array<{ request_id: number }>;
  };
  const bidOn = new Set(bids.results.map((bid) => bid.request_id));
  for (const job of jobs.results) {
    if (bidOn.has(job.id)) continue;
    if ((await manager.get(`/api/requests/${job.id}/`)).ok()) return { id: job.id, vendorId: status.user.id };
  }
  throw new Error('no open job without a bid of the demo vendor is managed by the demo manager');
}

async function signInAndVisit(page: Page, requestId: number): Promise<void> {
  await signInUnderServiceWorker(page);
  await page.goto(`/vendor/messages/${requestId}`);
  await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible();
  await page.goto(`/vendor/requests/${requestId}`);
  await expect(page.getByRole('heading', { name: `Maintenance Request #${requestId}` })).toBeVisible();
  // The query cache is saved to IndexedDB at most once a second: wait until it holds the last screen's answer.
  await savedQueriesHold(page, [
    ['auth', 'status'],
    ['requests', 'detail', String(requestId)],
  ]);
}

test('the outbox replay survives a SIGKILL of the server: one bid and two messages, in order', async ({
  page,
  context,
  request: vendorApi,
  replayServer,
  baseURL,
}) => {
  const managerApi = await request.newContext({ baseURL });
  await apiSignIn(vendorApi, 'vendor@demo.local', 'demo12345');
  await apiSignIn(managerApi, 'manager@demo.local', 'demo12345');
  const job = await jobForBoth(vendorApi, managerApi);
  await signInAndVisit(page, job.id);

  // Offline: a bid and two messages wait on the device.
  await goOffline(context);
  await page.reload();
  await expect(page.getByTestId('offline-indicator')).toBeVisible();
  await page.getByRole('button', { name: 'Bid', exact: true }).click();
  const dialog = new BidDialog(page);
  await dialog.expectTitle(job.id);
  await dialog.fill({ amount: String(BID_AMOUNT), time: '2', unit: 'Days', notes: 'Written without signal' });
  await dialog.root.getByRole('button', { name: 'Submit Bid' }).click();
  await expect(
    dialog.root.getByText('Saved on this device; it will be sent when you are back online.'),
  ).toBeVisible();
  await dialog.root.getByRole('button', { name: 'Close' }).click();

  await page.goto(`/vendor/messages/${job.id}`);
  const chat = new ConversationScreen(page);
  const first = `Before the crash one (${Date.now()})`;
  const second = `Before the crash two (${Date.now()})`;
  const pending = await chat.queue([first, second]);

  // The first write of the replay (the bid) reaches the server and is committed; while the browser
  // still waits for the answer the server is killed, so the answer never arrives.
  const bidPath = `/api/requests/${job.id}/bid/`;
  const firstAnswer: { status: number | null } = { status: null };
  const bidAnswers: Array<{ status: number; replayed: string | undefined }> = [];
  page.on('response', (response) => {
    if (response.request().method() === 'POST' && new URL(response.url()).pathname === bidPath) {
      bidAnswers.push({ status: response.status(), replayed: response.headers()['idempotent-replayed'] });
    }
  });
  // Still offline (navigator.onLine is false, nothing is sent): the blocking route goes, the
  // interception comes, then the signal returns and the outbox starts its replay.
  await context.unrouteAll();
  await context.route(`**${bidPath}`, async (route) => {
    if (route.request().method() !== 'POST' || firstAnswer.status !== null) return route.fallback();
    const answer = await route.fetch();
    firstAnswer.status = answer.status();
    await replayServer.kill();
    await route.abort('connectionreset');
  });
  await context.setOffline(false);
  await expect.poll(() => replayServer.kills, { timeout: 20_000 }).toBe(1);
  expect(firstAnswer.status).toBe(201);
  // Nothing could be sent while the server is down: the messages still wait, in order.
  await expect(pending).toHaveCount(2);
  await expect(pending.nth(0)).toContainText(first);
  await expect(pending.nth(1)).toContainText(second);

  // Same port, same data directory: the dead server's lock is taken over, the committed bid and its
  // Idempotency-Key are still there, and the outbox's next retry (its own backoff) gets through.
  await replayServer.start(180_000);
  await expect(pending).toHaveCount(0, { timeout: 90_000 });
  await expect(chat.thread.getByText(first)).toBeVisible();
  await expect(chat.thread.getByText(second)).toBeVisible();
  // The bid was answered from the stored key after the restart, not written again. A retry that
  // came while the new process was still migrating met its 503 "starting" answer (main.ts), which
  // the outbox treats as transient: only what the app itself answered counts.
  const fromApp = bidAnswers.filter((answer) => answer.status !== 503);
  expect(fromApp).toEqual([{ status: 201, replayed: 'true' }]);
  expect(bidAnswers.at(-1)).toEqual({ status: 201, replayed: 'true' });

  // Counted on the server, by the vendor and by the manager.
  const myBids = (await (await vendorApi.get('/api/vendor/bids/?page_size=100')).json()) as {
    results: Array<{ request_id: number }>;
  };
  expect(myBids.results.filter((bid) => bid.request_id === job.id)).toHaveLength(1);
  const detail = (await (await managerApi.get(`/api/requests/${job.id}/`)).json()) as {
    bids: Array<{ amount: string | number }>;
  };
  expect(detail.bids.filter((bid) => Number(bid.amount) === BID_AMOUNT)).toHaveLength(1);
  for (const api of [vendorApi, managerApi]) {
    const response = await api.get(`/api/messages/?request=${job.id}&vendor=${job.vendorId}`);
    expect(response.ok(), await response.text()).toBe(true);
    const contents = ((await response.json()) as Array<{ content: string }>).map((m) => m.content);
    expect(contents.filter((c) => c === first || c === second)).toEqual([first, second]);
  }
  await managerApi.dispose();

  // And the device agrees: nothing waits in the outbox.
  await page.goto('/vendor/outbox');
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  await expect(page.getByText('Nothing waiting.')).toBeVisible();
});
