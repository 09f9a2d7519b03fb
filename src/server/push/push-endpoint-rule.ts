import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress } from './public-address.ts';
import { isPushServiceHost } from './push-service-hosts.ts';

/**
 * Where this server may send a push (the rule against server-side request forgery: a subscription's
 * endpoint is whatever a signed-in user posted, and the server POSTs to it). An endpoint must be
 * https on the default port (443), without user name or password, on the host of a browser push
 * service (push-service-hosts.ts), and every address its name resolves to must be public
 * (public-address.ts). Checked when a browser subscribes and again before every send, where the
 * connection itself resolves through the same check (push-service-agent.ts), so a name whose DNS
 * changed to a private address meanwhile is never reached.
 */

/** Names to addresses, as `dns.promises.lookup(name, {all: true})` gives them; tests inject their own. */
export type HostResolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const systemResolver: HostResolver = (hostname) => lookup(hostname, { all: true });

/** Field errors of POST /api/push/subscriptions/ (the browser's endpoint is refused). */
export const PUSH_ENDPOINT_MESSAGES = {
  notPushService: 'This is not the address of a browser push service.',
  privateAddress: 'This push address leads to a private or local network, which this server never contacts.',
} as const;

export type PushEndpointRefusal = keyof typeof PUSH_ENDPOINT_MESSAGES;

/** Which rule a URL breaks before any name is resolved, or null when it may be resolved. */
export function endpointRefusal(endpoint: string): PushEndpointRefusal | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'notPushService';
  }
  // The WHATWG parser has already turned 2130706433 and 0177.0.0.1 into 127.0.0.1.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return isPublicAddress(host) ? 'notPushService' : 'privateAddress';
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return 'notPushService';
  // `new URL()` drops the scheme's default port, so any port left is another one.
  if (url.port !== '') return 'notPushService';
  return isPushServiceHost(url.hostname) ? null : 'notPushService';
}

/** Thrown by a resolution that leads anywhere but the public internet. */
export class PrivateAddressError extends Error {
  readonly code = 'PUSH_ADDRESS_NOT_PUBLIC';
  constructor(readonly hostname: string) {
    super(`${hostname} resolves to an address that is not public`);
  }
}

/**
 * The name's addresses when every one is public; PrivateAddressError when any is not (a name that
 * answers both ways is refused too); the resolver's own error when it fails.
 */
export async function resolvePublic(
  hostname: string,
  resolve: HostResolver,
): Promise<Array<{ address: string; family: number }>> {
  const addresses = await resolve(hostname);
  if (addresses.length === 0 || addresses.some(({ address }) => !isPublicAddress(address))) {
    throw new PrivateAddressError(hostname);
  }
  return addresses;
}

/**
 * The rule at subscription time: the URL's own refusal, then the resolution's. A name that does not
 * resolve now is accepted: nothing is contacted at subscription time, and every send resolves and
 * checks again before it connects.
 */
export async function registrationRefusal(
  endpoint: string,
  resolve: HostResolver,
): Promise<PushEndpointRefusal | null> {
  const refusal = endpointRefusal(endpoint);
  if (refusal) return refusal;
  try {
    await resolvePublic(new URL(endpoint).hostname, resolve);
    return null;
  } catch (error) {
    return error instanceof PrivateAddressError ? 'privateAddress' : null;
  }
}
