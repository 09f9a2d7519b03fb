import type { LookupAddress } from 'node:dns';
import { request } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from '#server/push/public-address.ts';
import {
  endpointRefusal,
  type HostResolver,
  PrivateAddressError,
  registrationRefusal,
  resolvePublic,
  systemResolver,
} from '#server/push/push-endpoint-rule.ts';
import { NotPushServiceError, PushServiceAgent, publicOnlyLookup } from '#server/push/push-service-agent.ts';

// A public address of a real push service (what DNS gives fcm.googleapis.com), so the table's
// allowed hosts pass the resolution without DNS; the cases about resolution name their own answers.
const PUBLIC = [{ address: '142.250.74.106', family: 4 }];
const resolvesTo =
  (...addresses: string[]): HostResolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const publicDns: HostResolver = async () => PUBLIC;

describe('the push-endpoint rule', () => {
  const refused: Array<[string, string, 'notPushService' | 'privateAddress']> = [
    ['loopback', 'https://127.0.0.1/push/x', 'privateAddress'],
    ['loopback with a port', 'https://127.0.0.1:8443/push/x', 'privateAddress'],
    ['loopback elsewhere in 127/8', 'https://127.8.9.10/push/x', 'privateAddress'],
    ['IPv6 loopback', 'https://[::1]/push/x', 'privateAddress'],
    ['private 10/8', 'https://10.1.2.3/push/x', 'privateAddress'],
    ['private 172.16/12 (start)', 'https://172.16.0.1/push/x', 'privateAddress'],
    ['private 172.16/12 (end)', 'https://172.31.255.254/push/x', 'privateAddress'],
    ['private 192.168/16', 'https://192.168.1.20/push/x', 'privateAddress'],
    ['unique local fc00::/7 (fc)', 'https://[fc00::1]/push/x', 'privateAddress'],
    ['unique local fc00::/7 (fd)', 'https://[fd12:3456:789a::1]/push/x', 'privateAddress'],
    ['link-local (cloud metadata)', 'https://169.254.169.254/latest/meta-data/', 'privateAddress'],
    ['IPv6 link-local', 'https://[fe80::1]/push/x', 'privateAddress'],
    ['IPv4-mapped IPv6 loopback', 'https://[::ffff:127.0.0.1]/push/x', 'privateAddress'],
    ['IPv4-mapped IPv6 private', 'https://[::ffff:10.0.0.1]/push/x', 'privateAddress'],
    ['decimal spelling of 127.0.0.1', 'https://2130706433/push/x', 'privateAddress'],
    ['octal spelling of 127.0.0.1', 'https://0177.0.0.1/push/x', 'privateAddress'],
    ['hexadecimal spelling of 127.0.0.1', 'https://0x7f.0.0.1/push/x', 'privateAddress'],
    ['the unspecified address', 'https://0.0.0.0/push/x', 'privateAddress'],
    ['a public address instead of a name', 'https://142.250.74.106/fcm/send/x', 'notPushService'],
    ['localhost', 'https://localhost/push/x', 'notPushService'],
    ['a push service on another port', 'https://fcm.googleapis.com:8443/fcm/send/x', 'notPushService'],
    ['a push service over http', 'http://fcm.googleapis.com/fcm/send/x', 'notPushService'],
    ['a user name and password', 'https://user:secret@fcm.googleapis.com/fcm/send/x', 'notPushService'],
    ['an internal host', 'https://billing.internal/push/x', 'notPushService'],
    ['a push service host as a prefix', 'https://fcm.googleapis.com.evil.example/x', 'notPushService'],
    ['a look-alike host', 'https://evilfcm.googleapis.com/fcm/send/x', 'notPushService'],
    ['the bare suffix of a wildcard', 'https://notify.windows.com/w/?token=x', 'notPushService'],
    ['not a URL', 'fcm.googleapis.com/fcm/send/x', 'notPushService'],
  ];

  it.each(refused)('refuses %s: %s', async (_name, endpoint, reason) => {
    expect(await registrationRefusal(endpoint, publicDns)).toBe(reason);
    expect(endpointRefusal(endpoint)).toBe(reason);
  });

  // What browsers hand out today (web-push's own tests and the services' documentation).
  const pushServices: Array<[string, string]> = [
    [
      'Firebase Cloud Messaging (Chrome, Edge, Opera, Samsung)',
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91bH',
    ],
    ['FCM, web push path', 'https://fcm.googleapis.com/wp/dGVzdA'],
    ['Mozilla autopush (Firefox)', 'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk'],
    ['Apple web push (Safari)', 'https://web.push.apple.com/QGuQyavXutnMH5Ybm3PL'],
    ['Windows Push Notification Services', 'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB'],
    ['FCM with its default port named', 'https://fcm.googleapis.com:443/fcm/send/x'],
    ['FCM in capitals', 'https://FCM.GoogleAPIs.com/fcm/send/x'],
  ];

  it.each(pushServices)('accepts %s', async (_name, endpoint) => {
    expect(await registrationRefusal(endpoint, publicDns)).toBeNull();
    expect(endpointRefusal(endpoint)).toBeNull();
  });

  it.each([
    ['loopback', resolvesTo('127.0.0.1')],
    ['IPv6 loopback', resolvesTo('::1')],
    ['a private address', resolvesTo('10.20.30.40')],
    ['link-local', resolvesTo('169.254.169.254')],
    ['IPv4-mapped loopback', resolvesTo('::ffff:127.0.0.1')],
    ['one private address among public ones', resolvesTo('142.250.74.106', '192.168.0.7')],
    ['no address at all', resolvesTo()],
  ])('refuses a push service name that resolves to %s', async (_name, resolve) => {
    expect(await registrationRefusal('https://fcm.googleapis.com/fcm/send/x', resolve)).toBe(
      'privateAddress',
    );
  });

  it('accepts at subscription a name that does not resolve now: every send resolves and checks again', async () => {
    const down: HostResolver = async (hostname) => {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    };
    expect(await registrationRefusal('https://fcm.googleapis.com/fcm/send/x', down)).toBeNull();
  });

  it("resolves with the system's resolver: localhost is loopback, refused", async () => {
    await expect(resolvePublic('localhost', systemResolver)).rejects.toBeInstanceOf(PrivateAddressError);
  });
});

describe('public addresses', () => {
  it.each(['142.250.74.106', '8.8.8.8', '172.32.0.1', '2a00:1450:4001:80b::200a', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => expect(isPublicAddress(address)).toBe(true),
  );
  it.each([
    '100.64.0.1',
    '192.0.2.1',
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '64:ff9b::10.0.0.1',
    '2001:db8::1',
    '2002:7f00:1::1',
    '2001::1',
    'ff02::1',
    'fe80::1%eth0',
    'not an address',
  ])('%s is not', (address) => expect(isPublicAddress(address)).toBe(false));
});

describe('the connection a push goes through', () => {
  let listener: Server;
  let port: number;
  let connections = 0;
  beforeAll(async () => {
    listener = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  });

  const post = (url: string, agent: PushServiceAgent) =>
    new Promise<Error>((resolve, reject) => {
      const outgoing = request(url, { method: 'POST', agent }, () => reject(new Error('answered')));
      outgoing.on('error', resolve);
      outgoing.end();
    });

  it('is never opened to a host that is not a push service, or to another port', async () => {
    const agent = new PushServiceAgent(publicDns);
    expect(await post(`https://127.0.0.1:${port}/push/x`, agent)).toBeInstanceOf(NotPushServiceError);
    expect(await post(`https://localhost:${port}/push/x`, agent)).toBeInstanceOf(NotPushServiceError);
    expect(await post(`https://fcm.googleapis.com:${port}/push/x`, agent)).toBeInstanceOf(
      NotPushServiceError,
    );
    expect(connections).toBe(0);
  });

  it('resolves the name when it connects, and refuses it when it now leads to loopback', async () => {
    const agent = new PushServiceAgent(resolvesTo('127.0.0.1'));
    expect(await post('https://fcm.googleapis.com/fcm/send/x', agent)).toBeInstanceOf(PrivateAddressError);
    expect(connections).toBe(0);
  });

  it('hands the connection the checked addresses, as many and of the family it asks for', async () => {
    const lookup = publicOnlyLookup(resolvesTo('142.250.74.106', '2a00:1450:4001:80b::200a'));
    const ask = (options: { all?: boolean; family?: number }) =>
      new Promise<unknown[]>((resolve, reject) =>
        lookup('fcm.googleapis.com', options, (error, address, family) =>
          error ? reject(error) : resolve([address, family]),
        ),
      );
    expect(await ask({ all: true })).toEqual([
      [
        { address: '142.250.74.106', family: 4 },
        { address: '2a00:1450:4001:80b::200a', family: 6 },
      ] satisfies LookupAddress[],
      undefined,
    ]);
    expect(await ask({ family: 6 })).toEqual(['2a00:1450:4001:80b::200a', 6]);
    expect(await ask({})).toEqual(['142.250.74.106', 4]);
  });
});
