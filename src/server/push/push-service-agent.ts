import { Agent, type RequestOptions } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import { type HostResolver, resolvePublic } from './push-endpoint-rule.ts';
import { isPushServiceHost } from './push-service-hosts.ts';

/** A connection the agent refused to open: not a push service's host, or not port 443. */
export class NotPushServiceError extends Error {
  readonly code = 'PUSH_HOST_NOT_ALLOWED';
}

/**
 * The resolution every connection makes: the name's addresses only when all are public (else the
 * resolver's or PrivateAddressError's failure), so the address connected to is the one checked.
 */
export function publicOnlyLookup(resolve: HostResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolvePublic(hostname, resolve).then(
      (addresses) => {
        const family = options.family === 6 || options.family === 'IPv6' ? 6 : options.family ? 4 : 0;
        const usable = family ? addresses.filter((entry) => entry.family === family) : addresses;
        const [first] = usable;
        if (!first) {
          const error: NodeJS.ErrnoException = new Error(`${hostname} has no IPv${family} address`);
          error.code = 'ENOTFOUND';
          callback(error, '', 0);
        } else if (options.all) callback(null, usable);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/**
 * The HTTPS agent pushes go through: it opens connections only to a push service's host name
 * (push-service-hosts.ts) on port 443, resolving the name at connect time and refusing it unless
 * every address is public. A fresh connection per push (no keep-alive), so each one is checked.
 */
export class PushServiceAgent extends Agent {
  constructor(resolve: HostResolver) {
    super({ keepAlive: false, lookup: publicOnlyLookup(resolve) });
  }

  override createConnection(
    options: RequestOptions,
    callback?: (err: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    const host = String(options.host ?? options.hostname ?? '').toLowerCase();
    const port = Number(options.port ?? 443);
    if (isIP(host) !== 0 || port !== 443 || !isPushServiceHost(host)) {
      // http.Agent takes an error through the callback when no socket is returned.
      callback?.(new NotPushServiceError(`${host}:${port} is not a push service`), null as unknown as Duplex);
      return undefined;
    }
    return super.createConnection(options, callback);
  }
}
