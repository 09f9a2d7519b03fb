import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import {
  categoryOfKind,
  type NotificationCategory,
  type NotificationKind,
} from '#shared/notification-preferences.ts';
import {
  type DeliveryApp,
  later,
  MINUTE,
  makePerson,
  type Person,
  QUIET_OFF,
  saveSettings,
  startDeliveryApp,
  textsTo,
} from '../support/delivery-app.ts';
import { makeBid, makeRequest, makeRequestWorld } from '../support/request-factories.ts';
import { signIn } from '../support/sign-in.ts';

/*
 * every event that makes an in-app notification also goes out through each channel its
 * recipient has on (email through the outbox, SMS through the Twilio API, Web Push through a push
 * service), and through none that is off. Each event is raised through the real API (the insurance
 * check through its periodic task) for four recipients, each with a mobile number and a subscribed
 * device, whose settings leave exactly one channel on, or none; "off" is sometimes the profile's
 * master switch and sometimes the category's own choice.
 */

let t: DeliveryApp;

beforeAll(async () => {
  t = await startDeliveryApp();
});

afterAll(async () => {
  await t?.close();
});

type Setup = 'emailOnly' | 'smsOnly' | 'pushOnly' | 'none';
const SETUPS: Record<
  Setup,
  { masters: { email: boolean; sms: boolean }; choice: { email: boolean; sms: boolean; push: boolean } }
> = {
  // SMS off by its master switch; push off for the category.
  emailOnly: { masters: { email: true, sms: false }, choice: { email: true, sms: true, push: false } },
  // Email off for the category only.
  smsOnly: { masters: { email: true, sms: true }, choice: { email: false, sms: true, push: false } },
  // Email off by its master switch, SMS off for the category.
  pushOnly: { masters: { email: false, sms: true }, choice: { email: true, sms: false, push: true } },
  none: { masters: { email: true, sms: false }, choice: { email: false, sms: true, push: false } },
};
const EXPECTED: Record<Setup, { email: number; sms: number; push: number }> = {
  emailOnly: { email: 1, sms: 0, push: 0 },
  smsOnly: { email: 0, sms: 1, push: 0 },
  pushOnly: { email: 0, sms: 0, push: 1 },
  none: { email: 0, sms: 0, push: 0 },
};
const SETUP_NAMES = Object.keys(SETUPS) as Setup[];

async function configure(person: Person, category: NotificationCategory, setup: Setup) {
  const { masters, choice } = SETUPS[setup];
  await saveSettings(person, {
    email_notifications: masters.email,
    sms_notifications: masters.sms,
    categories: { [category]: choice },
    quiet_hours: QUIET_OFF,
  });
}

/** What reached one person: notification mails, texts, pushes (decrypted), each with its link. */
async function received(person: Person, category: NotificationCategory) {
  const mails = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, person.email), eq(mailOutbox.template, `notification_${category}`)));
  return {
    mails,
    texts: textsTo(t, person.phone),
    pushes: t.push.receivedBy(person.device!).map((push) => push.payload as { title: string; url: string }),
  };
}

interface Raised {
  /** The recipients by setup, already configured. */
  people: Record<Setup, Person>;
  /** Where each recipient's notification should lead. */
  path: (person: Person) => string;
  title: string | RegExp;
}

async function recipients(kind: 'vendor' | 'property_manager', category: NotificationCategory, options = {}) {
  const people = {} as Record<Setup, Person>;
  for (const setup of SETUP_NAMES) {
    people[setup] = await makePerson(t, kind, options);
    await configure(people[setup], category, setup);
  }
  return people;
}

const EVENTS: Record<Exclude<NotificationKind, 'bid_received'>, () => Promise<Raised>> = {
  // A manager raises a request in the vendors' trade.
  new_job: async () => {
    const people = await recipients('vendor', 'new_jobs', { trades: ['Garage Doors'] });
    const world = await makeRequestWorld(t.db);
    const manager = await signIn(t.app, world.manager.email);
    const created = await manager.post('/api/requests/', {
      type: 'Garage Doors',
      description: 'The door sticks halfway',
      priority: 'high',
      property_id: world.project.id,
    });
    expect(created.statusCode).toBe(201);
    await t.app.announceNewJobs();
    const id = created.json<{ id: number }>().id;
    return { people, path: () => `/vendor/requests/${id}`, title: 'New job available' };
  },
  // A manager invites vendors of another trade to a request.
  invited: async () => {
    const people = await recipients('vendor', 'new_jobs');
    const world = await makeRequestWorld(t.db);
    const manager = await signIn(t.app, world.manager.email);
    const created = await manager.post('/api/requests/', {
      type: 'Security',
      description: 'Camera by the gate is down',
      priority: 'medium',
      property_id: world.project.id,
      vendors: SETUP_NAMES.map((setup) => people[setup].id),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    return { people, path: () => `/vendor/requests/${id}`, title: 'You are invited to bid' };
  },
  // Each vendor's bid wins its own request.
  bid_accepted: async () => {
    const people = await recipients('vendor', 'bid_results');
    const world = await makeRequestWorld(t.db);
    const manager = await signIn(t.app, world.manager.email);
    const requestOf = new Map<number, number>();
    for (const setup of SETUP_NAMES) {
      const vendor = people[setup];
      const request = await makeRequest(t.db, {
        createdById: world.manager.id,
        projectId: world.project.id,
        invited: [vendor.id],
      });
      const bid = await makeBid(t.db, { requestId: request.id, vendorId: vendor.id });
      const awarded = await manager.post(`/api/requests/${request.id}/award/`, { bid_id: bid.id });
      expect(awarded.statusCode).toBe(200);
      requestOf.set(vendor.id, request.id);
    }
    return {
      people,
      path: (person) => `/vendor/requests/${requestOf.get(person.id)}`,
      title: 'Bid accepted',
    };
  },
  // Another vendor's bid wins: the four are told theirs was not selected.
  bid_rejected: async () => {
    const people = await recipients('vendor', 'bid_results');
    const world = await makeRequestWorld(t.db);
    const winner = await makePerson(t, 'vendor', { device: false });
    const request = await makeRequest(t.db, {
      createdById: world.manager.id,
      projectId: world.project.id,
      invited: [winner.id, ...SETUP_NAMES.map((setup) => people[setup].id)],
    });
    for (const setup of SETUP_NAMES)
      await makeBid(t.db, { requestId: request.id, vendorId: people[setup].id });
    const bid = await makeBid(t.db, { requestId: request.id, vendorId: winner.id });
    const manager = await signIn(t.app, world.manager.email);
    expect((await manager.post(`/api/requests/${request.id}/award/`, { bid_id: bid.id })).statusCode).toBe(
      200,
    );
    return { people, path: () => `/vendor/requests/${request.id}`, title: 'Bid not selected' };
  },
  // The manager writes in each vendor's thread.
  new_message: async () => {
    const people = await recipients('vendor', 'messages');
    const world = await makeRequestWorld(t.db);
    const request = await makeRequest(t.db, {
      createdById: world.manager.id,
      projectId: world.project.id,
      invited: SETUP_NAMES.map((setup) => people[setup].id),
    });
    const manager = await signIn(t.app, world.manager.email);
    for (const setup of SETUP_NAMES) {
      const sent = await manager.post('/api/messages/', {
        request: request.id,
        vendor: people[setup].id,
        content: 'Can you come on Tuesday?',
      });
      expect(sent.statusCode).toBe(201);
    }
    return { people, path: () => `/vendor/messages/${request.id}`, title: /^New message from / };
  },
  // Bidding closes on a request the four have pending bids on.
  request_status: async () => {
    const people = await recipients('vendor', 'lifecycle');
    const world = await makeRequestWorld(t.db);
    const request = await makeRequest(t.db, {
      createdById: world.manager.id,
      projectId: world.project.id,
      invited: SETUP_NAMES.map((setup) => people[setup].id),
    });
    for (const setup of SETUP_NAMES)
      await makeBid(t.db, { requestId: request.id, vendorId: people[setup].id });
    const manager = await signIn(t.app, world.manager.email);
    const closed = await manager.post(`/api/requests/${request.id}/bidding/`, { is_open_for_bids: false });
    expect(closed.statusCode).toBe(200);
    return { people, path: () => `/vendor/requests/${request.id}`, title: 'Bidding closed' };
  },
  // Certificates expiring in 20 days: the periodic check sends the 30-day reminder.
  insurance: async () => {
    const people = await recipients('vendor', 'insurance');
    const expiresOn = new Date(Date.now() + 20 * 24 * 60 * MINUTE).toISOString().slice(0, 10);
    for (const setup of SETUP_NAMES) {
      await t.db
        .update(vendorProfiles)
        .set({ insuranceExpiresOn: expiresOn })
        .where(eq(vendorProfiles.userId, people[setup].id));
    }
    expect(await t.app.remindOfInsuranceExpiry()).toBeGreaterThanOrEqual(4);
    return { people, path: () => '/vendor/settings#insurance', title: 'Insurance expires in 20 days' };
  },
};

describe.each(Object.keys(EVENTS) as Array<keyof typeof EVENTS>)('%s', (kind) => {
  it('reaches exactly the channels each recipient has on, each with a link to its screen', async () => {
    const category = categoryOfKind(kind);
    const raised = await EVENTS[kind]();
    // Past a message mail's batching window, so every channel has had its chance.
    await t.app.flushDeliveries({ now: later(5 * MINUTE) });

    for (const setup of SETUP_NAMES) {
      const person = raised.people[setup];
      const got = await received(person, category);
      const counts = { email: got.mails.length, sms: got.texts.length, push: got.pushes.length };
      expect({ setup, ...counts }).toEqual({ setup, ...EXPECTED[setup] });
      const link = `http://localhost:8080${raised.path(person)}`;
      for (const mail of got.mails) {
        expect(mail.subject).toMatch(raised.title);
        expect(mail.textBody).toContain(link);
        expect(mail.htmlBody).toContain(link.replace(/&/g, '&amp;'));
      }
      for (const text of got.texts) {
        expect(text.body).toContain(link);
        expect(text.body.length).toBeLessThanOrEqual(160);
      }
      for (const push of got.pushes) {
        expect(push.title).toMatch(raised.title);
        expect(push.url).toBe(raised.path(person));
      }
    }
  });
});
