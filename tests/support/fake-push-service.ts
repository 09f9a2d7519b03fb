import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decryptWebPush } from './web-push-decrypt.ts';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The decrypted payload (the service worker's view of it). */
  payload: unknown;
}

/** A browser's side of a subscription: the keys a real PushManager would make, kept to decrypt. */
export interface FakeDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * A local stand-in for a browser vendor's push service (FCM, Mozilla autopush...): HTTPS, as every
 * real one is (web-push sends only over https), with a certificate made for 127.0.0.1 at start
 * (openssl) that only `agent` trusts. It accepts `POST /push/<device>` with 201, decrypts the
 * aes128gcm body with the device's keys (RFC 8291) so tests read what the worker would, and answers
 * queued statuses first (`answerNext`: 410 Gone, 500, 429).
 */
export class FakePushService {
  /** Every refusal's body starts with this: what a server must never copy where users or staff read. */
  static readonly ANSWER_TEXT = 'fake push service answer';
  readonly received: ReceivedPush[] = [];
  /** TCP connections opened to the service, whatever came of them. */
  connections = 0;
  private readonly devices = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  private readonly answers = new Map<string, number[]>();
  private server!: Server;
  private port = 0;
  agent!: Agent;

  async start(): Promise<void> {
    const dir = mkdtempSync(join(tmpdir(), 'fieldbid-push-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      const key = readFileSync(join(dir, 'key.pem'));
      const cert = readFileSync(join(dir, 'cert.pem'));
      this.agent = new Agent({ ca: cert, keepAlive: false });
      this.server = createServer({ key, cert }, (request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const path = request.url ?? '';
          const device = path.replace(/^\/push\//, '');
          const queued = this.answers.get(device);
          const status = queued?.shift() ?? 201;
          if (status === 201) {
            const keys = this.devices.get(device);
            this.received.push({
              path,
              headers: request.headers,
              payload: keys ? JSON.parse(decryptWebPush(Buffer.concat(chunks), keys.ecdh, keys.auth)) : null,
            });
          }
          response.writeHead(status, { 'content-type': 'text/plain' });
          response.end(status === 201 ? '' : `${FakePushService.ANSWER_TEXT}: status ${status}`);
        });
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    this.server.on('connection', () => {
      this.connections += 1;
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.agent.destroy();
  }

  /** A new device: its endpoint on this service and its keys, as PushSubscription.toJSON() gives them. */
  newDevice(): FakeDevice {
    const name = randomBytes(8).toString('hex');
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.devices.set(name, { ecdh, auth });
    return {
      endpoint: `https://127.0.0.1:${this.port}/push/${name}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    };
  }

  /** The next answers for one device, before it accepts again. */
  answerNext(device: FakeDevice, ...statuses: number[]): void {
    const name = device.endpoint.replace(/^.*\/push\//, '');
    this.answers.set(name, [...(this.answers.get(name) ?? []), ...statuses]);
  }

  receivedBy(device: FakeDevice): ReceivedPush[] {
    const path = new URL(device.endpoint).pathname;
    return this.received.filter((push) => push.path === path);
  }
}
