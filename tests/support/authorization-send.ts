import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { MultipartForm } from './multipart.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call of a route as the authorization matrix makes it. */
export interface Invocation {
  method: Method;
  url: string;
  json?: unknown;
  form?: MultipartForm;
  /** An HTML form post (the local checkout's card form). */
  urlencoded?: Record<string, string>;
  /** Sign the actor in afresh for this call: login and logout end the session they are sent with. */
  freshSession?: boolean;
  /** The same server configured for Stripe: its webhook route exists only then. */
  stripe?: boolean;
  /** Server-Sent Events: only the status is read, then the stream is dropped. */
  stream?: boolean;
}

/**
 * How a caller proves who it is. Signed-in actors send their login token as a Bearer header (no
 * ambient credential, so CSRF is not in play); the visitor is a browser that fetched a CSRF token
 * but never signed in, so its writes reach the handler's own check instead of stopping at CSRF.
 */
export type Credentials =
  | { kind: 'bearer'; token: string; address: string }
  | { kind: 'visitor'; cookies: ReadonlyMap<string, string>; address: string }
  | { kind: 'none'; address: string };

export async function send(
  app: FastifyInstance,
  credentials: Credentials,
  call: Invocation,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (credentials.kind === 'bearer') headers.authorization = `Bearer ${credentials.token}`;
  if (credentials.kind === 'visitor') {
    headers.cookie = [...credentials.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const csrf = credentials.cookies.get('csrftoken');
    if (csrf && call.method !== 'GET') headers['x-csrftoken'] = csrf;
  }
  const options: InjectOptions = {
    method: call.method,
    url: call.url,
    headers,
    remoteAddress: credentials.address,
  };
  if (call.form) {
    headers['content-type'] = call.form.contentType;
    options.payload = call.form.body;
  } else if (call.urlencoded) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    options.payload = new URLSearchParams(call.urlencoded).toString();
  } else if (call.json !== undefined) {
    options.payload = call.json as InjectOptions['payload'];
  }
  if (!call.stream) return app.inject(options);
  // An event stream never ends by itself: keep the status, then let the stream go.
  const response = await app.inject({ ...options, payloadAsStream: true });
  response.stream().destroy();
  return response;
}
