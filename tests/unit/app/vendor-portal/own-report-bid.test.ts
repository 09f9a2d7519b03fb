import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { type BidSubmission, submitBid } from '#app/bids/api.ts';
import { closeUserSession, startUserSession } from '#app/offline/offline-session.ts';
import { installMemoryLocalStorage } from '../offline/memory-local-storage.ts';

const storage = installMemoryLocalStorage();

const submission: BidSubmission = {
  requestId: 41,
  mode: 'create',
  input: {
    amount: 300,
    estimated_time: 2,
    estimated_time_unit: 'hours',
    proposed_start_date: '2027-01-04T09:00:00.000Z',
    notes: '',
    line_items: [],
    options: [],
  },
  idempotencyKey: 'own-report-1',
};

afterEach(async () => {
  await closeUserSession();
});

describe('a bid on the vendor’s own report', () => {
  it('is refused before the outbox, with the server’s words: nothing is queued to be turned down later', async () => {
    storage.set('token', 'token-reporter');
    const session = await startUserSession(7100, 'token-reporter');
    await expect(submitBid({ ...submission, ownReport: true })).rejects.toMatchObject({
      status: 403,
      code: 'OWN_REQUEST',
      message: 'You cannot bid on a request you raised yourself.',
    });
    expect(await session.db.outbox.count()).toBe(0);
  });
});
