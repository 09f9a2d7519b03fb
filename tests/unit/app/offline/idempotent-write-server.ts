/// <reference types="node" />
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseRetryAfter } from '#app/offline/outbox-backoff.ts';
import { classifyAnswer } from '#app/offline/outbox-outcome.ts';
import type { OutboxTransport } from '#app/offline/outbox-sender.ts';

/**
 * A small real HTTP server with the API's Idempotency-Key contract (same key → the first answer with
 * `Idempotent-Replayed: true`; same key with another body → 422 IDEMPOTENCY_KEY_REUSED; 4xx answers
 * are recorded and replayed, 5xx are not). Its store outlives restarts, like the database behind the
 * real server. Faults are injected per request so the tests can cut connections before or after the
 * write is committed.
 */
export type Fault = 'reset-before-commit' | 'reset-after-commit' | 'status-503' | 'status-401';

export interface StoredWrite {
  key: string;
  path: string;
  body: Record<string, unknown>;
}

interface Recorded {
  bodyText: string;
  status: number;
  answer: unknown;
}

export class IdempotentWriteServer {
  readonly writes: StoredWrite[] = [];
  /** Every Idempotency-Key the server saw, in arrival order (retries included). */
  readonly keysSeen: string[] = [];
  replays = 0;
  private readonly recorded = new Map<string, Recorded>();
  private readonly faults: Fault[] = [];
  /** Called for every request; may return a fault for it (random soak faults). */
  faultFor: (() => Fault | null) | null = null;
  private server: Server | null = null;
  port = 0;

  /** Queues faults for the next requests, one each. */
  inject(...faults: Fault[]): void {
    this.faults.push(...faults);
  }

  async start(): Promise<void> {
    const server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening and cuts every open connection (a crash), keeping the store. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get running(): boolean {
    return this.server !== null;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const bodyText = Buffer.concat(chunks).toString('utf8');
    const key = String(req.headers['idempotency-key'] ?? '');
    this.keysSeen.push(key);
    const fault = this.faults.shift() ?? this.faultFor?.() ?? null;

    if (fault === 'reset-before-commit') return void req.socket.destroy();
    if (fault === 'status-503') return this.send(res, 503, { detail: 'Unavailable' });
    if (fault === 'status-401' || req.headers.authorization !== 'Bearer test-token') {
      return this.send(res, 401, { detail: 'Authentication credentials were not provided.' });
    }

    const previous = this.recorded.get(key);
    if (previous) {
      if (previous.bodyText !== bodyText) {
        return this.send(res, 422, { detail: 'Idempotency key reused.', code: 'IDEMPOTENCY_KEY_REUSED' });
      }
      this.replays += 1;
      return this.send(res, previous.status, previous.answer, { 'Idempotent-Replayed': 'true' });
    }

    const body = JSON.parse(bodyText) as Record<string, unknown>;
    const [status, answer] = this.write(key, req.url ?? '', body);
    this.recorded.set(key, { bodyText, status, answer });
    if (fault === 'reset-after-commit') return void req.socket.destroy();
    this.send(res, status, answer);
  }

  private write(key: string, path: string, body: Record<string, unknown>): [number, unknown] {
    if (path.includes('/closed/')) {
      return [409, { detail: 'This request is no longer accepting bids.', code: 'REQUEST_UNAVAILABLE' }];
    }
    if (typeof body.amount === 'number' && body.amount <= 0) {
      return [400, { errors: { amount: ['Ensure this value is greater than 0.'] } }];
    }
    this.writes.push({ key, path, body });
    return [201, { id: this.writes.length, ...body }];
  }

  private send(
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): void {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  }
}

/** The outbox's wire format against this server, as the app's transport sends it. */
export function transportTo(server: IdempotentWriteServer): OutboxTransport {
  return async (request) => {
    const response = await fetch(`http://127.0.0.1:${server.port}${request.path}`, {
      method: request.method,
      headers: {
        'Content-Type': 'application/json',
        Authorization: 'Bearer test-token',
        'Idempotency-Key': request.idempotencyKey,
      },
      body: JSON.stringify(request.body),
    });
    return answerOf(response);
  };
}

/** The outbox's reading of a server's answer (status, JSON body, Retry-After), as the app's transport reads it. */
export async function answerOf(response: Response) {
  const text = await response.text();
  const body: unknown = text === '' ? null : JSON.parse(text);
  return classifyAnswer(
    response.status,
    body,
    parseRetryAfter(response.headers.get('Retry-After'), Date.now()),
  );
}
