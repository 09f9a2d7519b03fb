import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { CATEGORY_DEVICE } from './authorization-calls-deliveries.ts';
import {
  type Actor,
  AMOUNTS,
  type AuthorizationWorld,
  COMPLETION_NOTE,
  MANAGER_REPLY,
  VENDOR_SECRETS,
} from './authorization-world.ts';

/**
 * What the read rows of the authorization matrix may show to whom: run on every answer whose status
 * was the expected 2xx. A check throws (expect) when a body holds something that belongs to someone
 * else: another vendor's bid, amount, name, notes, messages or completion report; another client's
 * properties and requests.
 */
export type BodyCheck = (w: AuthorizationWorld, actor: Actor, response: LightMyRequestResponse) => void;

type VendorActor = keyof typeof VENDOR_SECRETS;
const VENDORS = Object.keys(VENDOR_SECRETS) as VendorActor[];
const isVendor = (actor: Actor): actor is VendorActor => (VENDORS as Actor[]).includes(actor);
const MANAGING: Actor[] = ['manager', 'staff', 'super'];

/** The amount as a body field and as a note writes it ($8,263.00); bare digits could be part of a file key. */
const amountTexts = (amount: number) => [`"amount":${amount}`, `$${amount.toLocaleString('en-US')}`];

/** Everything of the other vendors (and of threads and work not the actor's) it must never read. */
function foreignTo(w: AuthorizationWorld, actor: VendorActor): string[] {
  const hidden: string[] = [];
  for (const vendor of VENDORS.filter((v) => v !== actor)) {
    const user = w.users[vendor];
    hidden.push(...VENDOR_SECRETS[vendor], user.email, user.lastName);
  }
  if (actor !== 'category') {
    hidden.push(MANAGER_REPLY, ...amountTexts(AMOUNTS.categoryOpen), ...amountTexts(AMOUNTS.categoryDone));
  }
  if (actor !== 'awarded') {
    hidden.push(COMPLETION_NOTE, ...amountTexts(AMOUNTS.awardedOpen), ...amountTexts(AMOUNTS.awardedDone));
  }
  return hidden;
}

function hides(response: LightMyRequestResponse, hidden: readonly string[], what: string): void {
  const leaked = hidden.filter((text) => response.body.includes(text));
  expect(leaked, `${what} shows what is not the caller's`).toEqual([]);
}

/** A vendor's answer holds nothing of another vendor's. */
const vendorSeesOnlyItsOwn: BodyCheck = (w, actor, response) => {
  if (isVendor(actor)) hides(response, foreignTo(w, actor), 'the answer');
};

interface DetailBid {
  vendor_id: number;
  amount: number;
}
interface Detail {
  bids: DetailBid[];
  awarded_bid: { vendor_id: number } | null;
  completion: { note: string | null } | null;
  timeline: Array<{ who: string | null; note: string }>;
}

function requestDetail(awarded: boolean): BodyCheck {
  return (w, actor, response) => {
    const detail = response.json<Detail>();
    if (MANAGING.includes(actor)) {
      // The managing side sees every bid, and the award and the completion report.
      expect(detail.bids.map((bid) => bid.vendor_id).sort()).toEqual(
        [w.users.category.id, w.users.awarded.id].sort(),
      );
      if (awarded) {
        expect(detail.awarded_bid?.vendor_id).toBe(w.users.awarded.id);
        expect(detail.completion?.note).toBe(COMPLETION_NOTE);
      }
      return;
    }
    if (!isVendor(actor)) return;
    const self = w.users[actor].id;
    expect(
      detail.bids.every((bid) => bid.vendor_id === self),
      'a vendor sees only its own bid',
    ).toBe(true);
    expect(detail.bids).toHaveLength(actor === 'reporter' || actor === 'other' ? 0 : 1);
    if (awarded && actor !== 'awarded') {
      expect(detail.awarded_bid, 'the winning bid is the awarded vendor’s business').toBeNull();
      expect(detail.completion, 'the completion report is the awarded vendor’s business').toBeNull();
    }
    hides(response, foreignTo(w, actor), 'the request detail');
  };
}

const ownBids: BodyCheck = (w, actor, response) => {
  if (!isVendor(actor)) return;
  const { results } = response.json<{ results: Array<{ vendor_name: string }> }>();
  expect(new Set(results.map((bid) => bid.vendor_name))).toEqual(
    new Set(results.length > 0 ? [VENDOR_SECRETS[actor][0]] : []),
  );
  hides(response, foreignTo(w, actor), 'My Bids');
};

const jobs: BodyCheck = (w, actor, response) => {
  const ids = response.json<{ results: Array<{ id: number }> }>().results.map((job) => job.id);
  const worldRequests = [w.ids.open, w.ids.done];
  // Plumbing requests of Acme: the Electrical vendor sees none, the reporter its own reports.
  if (actor === 'other') expect(ids.filter((id) => worldRequests.includes(id))).toEqual([]);
  if (actor === 'category' || actor === 'reporter' || actor === 'awarded') {
    expect(ids).toEqual(expect.arrayContaining(worldRequests));
  }
  vendorSeesOnlyItsOwn(w, actor, response);
};

const thread: BodyCheck = (w, actor, response) => {
  const messages = response.json<Array<{ vendor: number; content: string }>>();
  if (actor === 'manager') {
    expect(messages.every((message) => message.vendor === w.users.category.id)).toBe(true);
    expect(messages.map((message) => message.content)).toContain(MANAGER_REPLY);
    return;
  }
  if (!isVendor(actor)) return;
  // Whatever vendor the query names, a vendor reads only its own thread.
  expect(messages.every((message) => message.vendor === w.users[actor].id)).toBe(true);
  hides(response, foreignTo(w, actor), 'the thread');
};

const conversations: BodyCheck = (w, actor, response) => {
  const items = response.json<Array<{ request_id: number; vendor: { id: number } }>>();
  const acme = [w.ids.open, w.ids.done];
  if (isVendor(actor)) {
    expect(items.every((item) => item.vendor.id === w.users[actor].id)).toBe(true);
    hides(response, foreignTo(w, actor), 'the conversations');
  } else if (actor === 'manager') {
    expect(items.map((item) => item.vendor.id)).toEqual(
      expect.arrayContaining([w.users.category.id, w.users.awarded.id]),
    );
  } else {
    // Another client's manager, and staff who raised none of them, take part in none of Acme's threads.
    expect(items.filter((item) => acme.includes(item.request_id))).toEqual([]);
  }
};

const notificationsList: BodyCheck = (w, actor, response) => {
  const ids = response.json<Array<{ id: number }>>().map((notification) => notification.id);
  if (actor === 'category') expect(ids).toContain(w.ids.categoryNotification);
  else expect(ids).not.toContain(w.ids.categoryNotification);
  // A new job's notice must not name the vendor that reported it, nor a bid's another bidder.
  vendorSeesOnlyItsOwn(w, actor, response);
};

/** Another client's manager reads nothing of Acme's: its properties, requests, people. */
const acmeHiddenFromOutsider: BodyCheck = (w, actor, response) => {
  if (actor === 'outsider') {
    hides(
      response,
      ['Acme Tower', 'Leak under the kitchen sink', w.users.manager.email],
      'the manager portal',
    );
  }
  if (actor === 'manager') expect(response.body).toContain('Acme Tower');
};

const managerRequests: BodyCheck = (w, actor, response) => {
  acmeHiddenFromOutsider(w, actor, response);
  const ids = response.json<{ results: Array<{ id: number }> }>().results.map((row) => row.id);
  // Requests a vendor reported are the owning client's, whoever created them.
  if (actor === 'manager') expect(ids).toEqual(expect.arrayContaining([w.ids.open, w.ids.done]));
};

const userProjects: BodyCheck = (w, actor, response) => {
  const ids = response.json<Array<{ id: number }>>().map((project) => project.id);
  if (actor === 'category' || actor === 'other') expect(ids).toEqual([]);
  if (actor === 'reporter' || actor === 'awarded') expect(ids).toEqual([w.ids.project]);
  if (actor === 'outsider') expect(ids).not.toContain(w.ids.project);
};

const ownProfile: BodyCheck = (w, actor, response) => {
  if (actor !== 'visitor') expect(response.json<{ email: string }>().email).toBe(w.users[actor].email);
};

const authStatus: BodyCheck = (w, actor, response) => {
  const body = response.json<{ isAuthenticated: boolean; user: { id: number } | null }>();
  if (actor === 'visitor') expect(body).toEqual({ isAuthenticated: false, user: null });
  else expect(body.user?.id).toBe(w.users[actor].id);
};

const ownCertificate: BodyCheck = (_w, actor, response) => {
  expect(response.body).toContain(`certificate of ${actor}`);
};

const categoryCertificate: BodyCheck = (_w, _actor, response) => {
  expect(response.body).toContain('certificate of category');
};

const theCategoryBid: BodyCheck = (w, _actor, response) => {
  expect(response.json<{ id: number; amount: number }>()).toMatchObject({
    id: w.ids.categoryOpenBid,
    amount: AMOUNTS.categoryOpen,
  });
};

/** The history of the bid asked for, and of no other: its versions' amounts. */
const theCategoryBidHistory: BodyCheck = (w, _actor, response) => {
  const history = response.json<{ bid_id: number; revisions: { amount: number }[] }>();
  expect(history.bid_id).toBe(w.ids.categoryOpenBid);
  expect(history.revisions.map((revision) => revision.amount)).toEqual([AMOUNTS.categoryOpen]);
};

export const MATRIX_CHECKS: Record<string, BodyCheck> = {
  'GET /api/users/auth-status/': authStatus,
  'GET /api/user-profile/': ownProfile,
  'GET /api/user/projects/': userProjects,
  'GET /api/notifications/': notificationsList,
  'GET /api/messages/conversations/': conversations,
  "GET /api/messages/ [open request, the category vendor's thread]": thread,
  'GET /api/requests/:id/ [open, two pending bids]': requestDetail(false),
  'GET /api/requests/:id/ [awarded and marked complete]': requestDetail(true),
  "GET /api/bids/:id/ [the category vendor's pending bid]": theCategoryBid,
  "GET /api/bids/:id/history/ [the category vendor's pending bid]": theCategoryBidHistory,
  'GET /api/vendor/jobs/': jobs,
  'GET /api/vendor/bids/': ownBids,
  'GET /api/vendor/dashboard/': vendorSeesOnlyItsOwn,
  'GET /api/vendor/insurance/': vendorSeesOnlyItsOwn,
  "GET /api/vendor/insurance/certificate/ [the caller's own certificate]": ownCertificate,
  'GET /api/property-manager/dashboard/': acmeHiddenFromOutsider,
  'GET /api/property-manager/maintenance-requests/': managerRequests,
  // What waits on Acme's managers is theirs: the open request's bids, the job marked complete.
  'GET /api/property-manager/work-queue/': (w, actor, response) => {
    const items = response.json<{ items: Array<{ kind: string; request_id: number }> }>().items;
    const acme = items.filter((item) => item.request_id === w.ids.open || item.request_id === w.ids.done);
    if (actor === 'manager') {
      expect(acme).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'bids_to_review', request_id: w.ids.open }),
          expect.objectContaining({ kind: 'completion_to_confirm', request_id: w.ids.done }),
        ]),
      );
    } else {
      expect(acme, "the work queue shows what is not the caller's").toEqual([]);
    }
  },
  'GET /api/property-manager/team/': (w, actor, response) => {
    if (actor === 'outsider') hides(response, [w.users.manager.email], 'the team');
    if (actor === 'manager') expect(response.body).toContain(w.users.manager.email);
  },
  "GET /api/files/* [the category vendor's certificate]": categoryCertificate,
  'GET /api/projects/:id/documentation/ [Acme Tower]': vendorSeesOnlyItsOwn,
  // A shared plan is public: no stored file, no person, no property travels with it.
  "GET /api/shared-layouts/:token/ [the floor plan's share]": (w, _actor, response) =>
    hides(response, ['/api/files/', 'created_by', w.users.manager.email], 'a shared plan'),
  // Push devices are their user's own: the category vendor's endpoint is nobody else's to read.
  'GET /api/push/subscriptions/': (_w, actor, response) => {
    if (actor === 'category') expect(response.body).toContain(CATEGORY_DEVICE);
    else hides(response, [CATEGORY_DEVICE], 'the device list');
  },
};
