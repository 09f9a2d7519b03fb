import type { z } from 'zod';
import { networkError, parseApiError, unexpectedAnswerError } from './api-error.ts';
import { CSRF_HEADER, getCsrfToken } from './csrf.ts';
import { takeEarlyResponse } from './early-requests.ts';
import { type SchemaSource, schemaOf } from './lazy-schema.ts';
import { getToken } from './token-store.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions<Schema extends z.ZodType> {
  /**
   * The answer's schema (src/shared/*-responses.ts and friends): a 2xx body is parsed through it, so
   * the caller gets typed data, and a body that breaks it fails as UNEXPECTED_ANSWER. A lazySchema
   * loads beside the request (lazy-schema.ts).
   */
  schema: SchemaSource<Schema>;
  method?: HttpMethod;
  /** A JSON body (sent with Content-Type: application/json). */
  json?: unknown;
  /** A multipart body; the browser sets Content-Type with its boundary. */
  formData?: FormData;
  /** Query parameters; null, undefined and '' are left out. */
  query?: Record<string, QueryValue>;
  /** Extra headers, e.g. Idempotency-Key for writes the offline outbox may replay. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send the stored token as a bearer header (default true; login sends none). */
  sendToken?: boolean;
  /**
   * On 401 while a token is stored, clear it and go to /login (signed-in spec, section 8). Calls that
   * handle their own 401 (auth-status, logout) pass false.
   */
  redirectOn401?: boolean;
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * The app registers what a 401 on a guarded call does (clear the token and the cache, go to /login
 * keeping the location); lib stays free of the router.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

/**
 * The one door to the API: JSON Accept, credentials, the CSRF header on writes, the bearer token,
 * errors parsed into ApiError, and the answer read through its schema (an empty answer is null, so
 * a 204 takes noContentSchema).
 */
export async function apiRequest<Schema extends z.ZodType>(
  path: string,
  options: ApiRequestOptions<Schema>,
): Promise<z.output<Schema>> {
  const method = options.method ?? 'GET';
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');

  let body: BodyInit | undefined;
  if (options.formData) {
    body = options.formData;
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set('Content-Type', 'application/json');
  }
  // A write without a body carries no Content-Type: Fastify refuses an empty body declared as JSON.

  if (method !== 'GET') headers.set(CSRF_HEADER, await getCsrfToken());

  const token = options.sendToken === false ? null : getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  const url = withQuery(path, options.query);
  // The answer's schema loads while the request is under way; a failed load is caught below.
  const schema = schemaOf(options.schema);
  schema.catch(() => undefined);
  let response: Response;
  try {
    // A signed-in page's first GETs may already be under way (early-requests.ts).
    const early = method === 'GET' && !options.headers ? takeEarlyResponse(url, token) : undefined;
    response = await (early ??
      fetch(url, {
        method,
        headers,
        body,
        credentials: 'include',
        signal: options.signal,
      }));
  } catch (error) {
    // A cancelled query is not a network failure; TanStack Query expects the AbortError itself.
    if (options.signal?.aborted) throw error;
    throw networkError(error);
  }

  const parsed = await readBody(response);
  if (response.ok) {
    let loaded: Schema;
    try {
      loaded = await schema;
    } catch (error) {
      // The schema's chunk did not arrive (offline before it was ever cached): like a lost answer.
      throw networkError(error);
    }
    return readAnswer(loaded, parsed, { method, path, status: response.status });
  }

  if (response.status === 401 && token && options.redirectOn401 !== false) unauthorizedHandler?.();
  throw parseApiError(response.status, parsed);
}

/**
 * Reads a 2xx body through its schema: the typed answer, or an UNEXPECTED_ANSWER ApiError (logged
 * with the call, so a contract broken by either side is seen at once). The offline outbox hands its
 * acknowledged answers to this too, so a write sent later is read the same way as a direct call.
 */
export function readAnswer<Schema extends z.ZodType>(
  schema: Schema,
  body: unknown,
  call: {
    method: string;
    path: string /** The 2xx status, when the caller still knows it. */;
    status?: number;
  },
): z.output<Schema> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  console.error(`${call.method} ${call.path}: the answer does not match its schema`, result.error.issues);
  throw unexpectedAnswerError(call.status ?? 200, body);
}

/** readAnswer through a schema that may still have to load (lazy-schema.ts). */
export async function readAnswerThrough<Schema extends z.ZodType>(
  source: SchemaSource<Schema>,
  body: unknown,
  call: Parameters<typeof readAnswer>[2],
): Promise<z.output<Schema>> {
  return readAnswer(await schemaOf(source), body, call);
}

export function withQuery(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  if (search === '') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return null;
  const text = await response.text().catch(() => '');
  if (text === '') return null;
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json')) {
    try {
      const json: unknown = JSON.parse(text);
      return json;
    } catch {
      return text;
    }
  }
  return text;
}
