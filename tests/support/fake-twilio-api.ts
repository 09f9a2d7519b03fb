import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentText {
  sid: string;
  to: string;
  from: string;
  body: string;
}

/** What the fake answers the next calls with, in order; afterwards it accepts every message. */
export type TwilioAnswer =
  | { kind: 'accept' }
  | { kind: 'error'; status: number; code: number; message: string }
  | { kind: 'hang' };

/**
 * A local stand-in for Twilio's Programmable Messaging API: POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json with basic auth (AccountSid:AuthToken) and a
 * form-encoded To, From (or MessagingServiceSid), Body; 201 with the message resource, or Twilio's
 * error shape {code, message, more_info, status}. Tests queue failures with `answerNext`.
 */
export class FakeTwilioApi {
  readonly accountSid = `AC${randomBytes(16).toString('hex')}`;
  readonly authToken = randomBytes(16).toString('hex');
  readonly from = '+17205550100';
  /** Every accepted message, in order. */
  readonly sent: SentText[] = [];
  /** Every call, accepted or not. */
  calls = 0;
  private readonly answers: TwilioAnswer[] = [];
  private readonly server = createServer((request, response) => {
    this.handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 20500, message: String(error), status: 500 }));
    });
  });
  private port = 0;

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  get apiUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The config the app takes (TWILIO_* settings). */
  get config() {
    return { accountSid: this.accountSid, authToken: this.authToken, from: this.from, apiUrl: this.apiUrl };
  }

  answerNext(...answers: TwilioAnswer[]): void {
    this.answers.push(...answers);
  }

  reset(): void {
    this.sent.length = 0;
    this.answers.length = 0;
    this.calls = 0;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const expectedPath = `/2010-04-01/Accounts/${this.accountSid}/Messages.json`;
    if (request.method !== 'POST' || request.url !== expectedPath) {
      return json(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    }
    const expectedAuth = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
    if (request.headers.authorization !== expectedAuth) {
      return json(401, { code: 20003, message: 'Authenticate', status: 401 });
    }
    this.calls += 1;
    const answer = this.answers.shift() ?? { kind: 'accept' };
    if (answer.kind === 'hang') return; // never answers: the client's timeout decides
    if (answer.kind === 'error') {
      return json(answer.status, { code: answer.code, message: answer.message, status: answer.status });
    }
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const to = form.get('To') ?? '';
    const body = form.get('Body') ?? '';
    if (!/^\+[1-9]\d{1,14}$/.test(to) || body === '') {
      return json(400, {
        code: 21211,
        message: `The 'To' number ${to} is not a valid phone number.`,
        status: 400,
      });
    }
    const message = { sid: `SM${randomBytes(16).toString('hex')}`, to, from: form.get('From') ?? '', body };
    this.sent.push(message);
    return json(201, { ...message, status: 'queued', account_sid: this.accountSid });
  }
}
