import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The Checkout Session fields FieldBid reads, shaped as Stripe answers them. */
export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  subscription: string | null;
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  metadata: Record<string, string>;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  status: string;
  canceled_at: number | null;
  customer: string;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * A local stand-in for the parts of the Stripe HTTP API the provider calls: create and retrieve a
 * Checkout Session (with `expand[]=subscription`), retrieve a subscription. The `stripe` client
 * reaches it with host/port/protocol 'http'. Tests move sessions and subscriptions along with
 * `complete` and `setSubscriptionStatus`, as a buyer and Stripe would.
 */
export class FakeStripeApi {
  readonly sessions = new Map<string, FakeSession>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  /** Every create call's form parameters, as the client encoded them. */
  readonly createdWith: URLSearchParams[] = [];
  readonly requests: string[] = [];
  private readonly server = createServer((request, response) => {
    this.handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The buyer paid (or, with `paid: false`, finished a checkout whose payment is still pending). */
  complete(sessionId: string, { paid = true } = {}): FakeSession {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no fake session ${sessionId}`);
    const subscription: FakeSubscription = {
      id: id('sub_test'),
      object: 'subscription',
      status: paid ? 'active' : 'incomplete',
      canceled_at: null,
      customer: id('cus_test'),
    };
    this.subscriptions.set(subscription.id, subscription);
    Object.assign(session, {
      status: 'complete',
      payment_status: paid ? 'paid' : 'unpaid',
      subscription: subscription.id,
      customer: subscription.customer,
    });
    return session;
  }

  setSubscriptionStatus(subscriptionId: string, status: string): FakeSubscription {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no fake subscription ${subscriptionId}`);
    subscription.status = status;
    subscription.canceled_at = status === 'canceled' ? Math.floor(Date.now() / 1000) : null;
    return subscription;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake.stripe');
    this.requests.push(`${request.method} ${url.pathname}`);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(body));
    };
    const missing = (what: string) =>
      send(404, {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
      });
    if (request.headers.authorization !== 'Bearer sk_test_fieldbid') {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }

    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      let raw = '';
      for await (const chunk of request) raw += chunk;
      const form = new URLSearchParams(raw);
      this.createdWith.push(form);
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match) metadata[match[1]!] = value;
      }
      const sessionId = id('cs_test');
      const session: FakeSession = {
        id: sessionId,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        mode: form.get('mode') ?? '',
        status: 'open',
        payment_status: 'unpaid',
        subscription: null,
        customer: null,
        customer_email: form.get('customer_email'),
        client_reference_id: form.get('client_reference_id'),
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
        expires_at: Math.floor(Date.now() / 1000) + 24 * 3600,
        metadata,
      };
      this.sessions.set(sessionId, session);
      return send(200, session);
    }

    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && sessionMatch) {
      const session = this.sessions.get(decodeURIComponent(sessionMatch[1]!));
      if (!session) return missing('checkout.session');
      const expand = [...url.searchParams].some(
        ([key, value]) => key.startsWith('expand') && value === 'subscription',
      );
      const subscription = session.subscription ? this.subscriptions.get(session.subscription) : undefined;
      return send(200, expand && subscription ? { ...session, subscription } : session);
    }

    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && subscriptionMatch) {
      const subscription = this.subscriptions.get(decodeURIComponent(subscriptionMatch[1]!));
      return subscription ? send(200, subscription) : missing('subscription');
    }
    return missing('route');
  }
}
