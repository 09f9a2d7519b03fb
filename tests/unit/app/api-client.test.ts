// @vitest-environment jsdom

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest, readAnswer, setUnauthorizedHandler, withQuery } from '#app/lib/api-client.ts';
import { ApiError, UNEXPECTED_ANSWER } from '#app/lib/api-error.ts';
import { readCookie } from '#app/lib/cookies.ts';
import { CSRF_COOKIE_MISSING, CSRF_FETCH_FAILED, getCsrfToken, readCsrfCookie } from '#app/lib/csrf.ts';
import { lazySchema } from '#app/lib/lazy-schema.ts';
import { shouldRetry } from '#app/lib/query-client.ts';
import { clearToken, getToken, setToken, subscribeToken } from '#app/lib/token-store.ts';
import { noContentSchema } from '#shared/response-fields.ts';

type Call = { url: string; init: RequestInit };

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setCookie(name: string, value: string | null): void {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; this plays the server setting csrftoken.
  document.cookie =
    value === null ? `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/` : `${name}=${value}; path=/`;
}

/** Stubs fetch with answers in order and records the calls. */
function stubFetch(...answers: Array<Response | (() => Response) | Error>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, init });
      const answer = answers.shift();
      if (answer === undefined) throw new Error(`unexpected fetch ${url}`);
      if (answer instanceof Error) throw answer;
      return typeof answer === 'function' ? answer() : answer;
    }),
  );
  return calls;
}

const header = (call: Call, name: string) => new Headers(call.init.headers).get(name);

/** Answers whose shape these tests do not care about. */
const anything = z.unknown();

beforeEach(() => {
  setCookie('csrftoken', null);
  clearToken();
  setUnauthorizedHandler(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readCookie', () => {
  it('finds one cookie among several and decodes it', () => {
    expect(readCookie('a=1; csrftoken=abc%3D; b=2', 'csrftoken')).toBe('abc=');
    expect(readCookie('xcsrftoken=nope; csrftoken=yes', 'csrftoken')).toBe('yes');
  });

  it('is null when absent or empty', () => {
    expect(readCookie('', 'csrftoken')).toBeNull();
    expect(readCookie('a=1', 'csrftoken')).toBeNull();
    expect(readCookie('csrftoken=', 'csrftoken')).toBeNull();
  });

  it('keeps a value that is not valid percent-encoding', () => {
    expect(readCookie('csrftoken=%E0%A4%A', 'csrftoken')).toBe('%E0%A4%A');
  });
});

describe('getCsrfToken', () => {
  it('uses the cookie without asking the server', async () => {
    setCookie('csrftoken', 'from-cookie');
    const calls = stubFetch();
    await expect(getCsrfToken()).resolves.toBe('from-cookie');
    expect(calls).toHaveLength(0);
  });

  it('fetches a token when the cookie is absent, preferring the cookie the server sets', async () => {
    const calls = stubFetch(() => {
      setCookie('csrftoken', 'set-by-server');
      return jsonResponse(200, { csrfToken: 'in-body' });
    });
    await expect(getCsrfToken()).resolves.toBe('set-by-server');
    expect(calls[0]?.url).toBe('/api/get-csrf-token/');
    expect(calls[0]?.init.credentials).toBe('include');
  });

  it('falls back to the body token, and fails with the spec texts', async () => {
    stubFetch(jsonResponse(200, { csrfToken: 'in-body' }));
    await expect(getCsrfToken()).resolves.toBe('in-body');

    stubFetch(jsonResponse(200, {}));
    await expect(getCsrfToken()).rejects.toThrow(CSRF_COOKIE_MISSING);

    stubFetch(jsonResponse(500, {}));
    await expect(getCsrfToken()).rejects.toThrow(CSRF_FETCH_FAILED);

    stubFetch(new TypeError('Failed to fetch'));
    await expect(getCsrfToken()).rejects.toThrow(CSRF_FETCH_FAILED);
  });

  it('reads the cookie fresh each time (it rotates at login and logout)', () => {
    setCookie('csrftoken', 'before-login');
    expect(readCsrfCookie()).toBe('before-login');
    setCookie('csrftoken', 'after-login');
    expect(readCsrfCookie()).toBe('after-login');
  });
});

describe('token store', () => {
  it('stores the token under `token` and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToken(listener);
    setToken('abc');
    expect(getToken()).toBe('abc');
    expect(localStorage.getItem('token')).toBe('abc');
    clearToken();
    expect(getToken()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});

describe('apiRequest', () => {
  it('sends a GET with Accept JSON and credentials, and no CSRF header', async () => {
    const calls = stubFetch(jsonResponse(200, { ok: true }));
    await expect(
      apiRequest('/api/vendor/jobs/', {
        schema: z.object({ ok: z.boolean() }),
        query: { page: 2, status: '', x: null },
      }),
    ).resolves.toEqual({ ok: true });
    const call = calls[0]!;
    expect(call.url).toBe('/api/vendor/jobs/?page=2');
    expect(call.init.method).toBe('GET');
    expect(call.init.credentials).toBe('include');
    expect(header(call, 'Accept')).toBe('application/json');
    expect(header(call, 'X-CSRFToken')).toBeNull();
    expect(header(call, 'Authorization')).toBeNull();
  });

  it('sends JSON writes with Content-Type, the CSRF cookie and the bearer token', async () => {
    setCookie('csrftoken', 'csrf-1');
    setToken('tok-1');
    const calls = stubFetch(jsonResponse(201, { id: 3 }));
    await apiRequest('/api/messages/', {
      schema: anything,
      method: 'POST',
      json: { request: 1, content: 'Hi' },
    });
    const call = calls[0]!;
    expect(header(call, 'Content-Type')).toBe('application/json');
    expect(header(call, 'X-CSRFToken')).toBe('csrf-1');
    expect(header(call, 'Authorization')).toBe('Bearer tok-1');
    expect(call.init.body).toBe('{"request":1,"content":"Hi"}');
  });

  it('lets the browser set the multipart Content-Type for FormData', async () => {
    setCookie('csrftoken', 'csrf-1');
    const calls = stubFetch(jsonResponse(200, {}));
    const form = new FormData();
    form.append('insurance_certificate', new Blob(['%PDF']), 'cert.pdf');
    await apiRequest('/api/vendor-applications/save_insurance_info/', {
      schema: anything,
      method: 'POST',
      formData: form,
    });
    expect(header(calls[0]!, 'Content-Type')).toBeNull();
    expect(calls[0]!.init.body).toBe(form);
  });

  it('sends no Content-Type on a write without a body', async () => {
    setCookie('csrftoken', 'csrf-1');
    const calls = stubFetch(new Response(null, { status: 200 }));
    await expect(
      apiRequest('/api/users/logout/', { schema: noContentSchema, method: 'POST' }),
    ).resolves.toBeNull();
    expect(header(calls[0]!, 'Content-Type')).toBeNull();
  });

  it('fetches a CSRF token first when the cookie is absent', async () => {
    const calls = stubFetch(jsonResponse(200, { csrfToken: 'fresh' }), jsonResponse(200, {}));
    await apiRequest('/api/users/login/', { schema: anything, method: 'POST', json: {}, sendToken: false });
    expect(calls.map((c) => c.url)).toEqual(['/api/get-csrf-token/', '/api/users/login/']);
    expect(header(calls[1]!, 'X-CSRFToken')).toBe('fresh');
  });

  it('throws a parsed ApiError on a non-OK answer', async () => {
    stubFetch(jsonResponse(400, { errors: { email: ['Required.'] } }));
    const error = await apiRequest('/api/x/', { schema: anything }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual({ email: ['Required.'] });
  });

  it('turns a failed fetch into a network ApiError', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const error = await apiRequest('/api/x/', { schema: anything }).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(0);
  });

  it('calls the 401 handler on a guarded call while a token is stored', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    setToken('expired');
    stubFetch(jsonResponse(401, { detail: 'Authentication credentials were not provided.' }));
    await expect(apiRequest('/api/vendor/bids/', { schema: anything })).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('leaves a 401 alone when no token is stored or the caller handles it', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    stubFetch(jsonResponse(401, {}));
    await expect(apiRequest('/api/x/', { schema: anything })).rejects.toBeInstanceOf(ApiError);
    setToken('tok');
    stubFetch(jsonResponse(401, {}));
    await expect(
      apiRequest('/api/users/auth-status/', { schema: anything, redirectOn401: false }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('answers read through their schema', () => {
  const bid = z.object({ id: z.number().int(), amount: z.number().int() });

  it('resolves with the parsed answer', async () => {
    stubFetch(jsonResponse(200, { id: 4, amount: 120 }));
    await expect(apiRequest('/api/bids/4/', { schema: bid })).resolves.toEqual({ id: 4, amount: 120 });
  });

  it('fails an answer that breaks its schema as UNEXPECTED_ANSWER, logged with the call, never retried', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(jsonResponse(200, { id: 4, amount: '120.00' }));
    const error = await apiRequest('/api/bids/4/', { schema: bid }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, code: UNEXPECTED_ANSWER, body: { id: 4, amount: '120.00' } });
    expect((error as ApiError).isNetworkError).toBe(false);
    expect(shouldRetry(0, error)).toBe(false);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]?.[0])).toContain('GET /api/bids/4/');
    logged.mockRestore();
  });

  it('reads an empty answer as null: a 204 passes only noContentSchema', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setCookie('csrftoken', 'csrf-1');
    stubFetch(new Response(null, { status: 204 }), new Response(null, { status: 204 }));
    await expect(
      apiRequest('/api/units/3/', { schema: noContentSchema, method: 'DELETE' }),
    ).resolves.toBeNull();
    await expect(apiRequest('/api/units/3/', { schema: bid, method: 'DELETE' })).rejects.toMatchObject({
      code: UNEXPECTED_ANSWER,
    });
    logged.mockRestore();
  });

  it('reads an answer handed over later (the outbox) the same way', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(readAnswer(bid, { id: 1, amount: 5 }, { method: 'POST', path: '/api/x/' })).toEqual({
      id: 1,
      amount: 5,
    });
    expect(() => readAnswer(bid, { id: 1 }, { method: 'POST', path: '/api/x/' })).toThrow(ApiError);
    logged.mockRestore();
  });
});

describe('withQuery', () => {
  it('appends to a path that already has a query', () => {
    expect(withQuery('/api/messages/?request=4', { page: 1 })).toBe('/api/messages/?request=4&page=1');
    expect(withQuery('/api/x/', {})).toBe('/api/x/');
  });
});

describe('apiRequest with a lazy schema', () => {
  const itemSchema = z.object({ id: z.number() });

  it('loads the schema beside the request and reads the answer through it', async () => {
    let loads = 0;
    const lazy = lazySchema(async () => {
      loads += 1;
      return itemSchema;
    });
    stubFetch(jsonResponse(200, { id: 7, extra: true }), jsonResponse(200, { id: 'seven' }));
    await expect(apiRequest('/api/items/7/', { schema: lazy })).resolves.toEqual({ id: 7 });
    const refused = await apiRequest('/api/items/7/', { schema: lazy }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe(UNEXPECTED_ANSWER);
    expect(loads).toBe(1);
  });

  it('fails like a lost answer when the schema cannot load, and loads it again next time', async () => {
    let attempts = 0;
    const lazy = lazySchema(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return itemSchema;
    });
    stubFetch(jsonResponse(200, { id: 1 }), jsonResponse(200, { id: 2 }));
    const lost = await apiRequest('/api/items/1/', { schema: lazy }).catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(ApiError);
    expect((lost as ApiError).isNetworkError).toBe(true);
    await expect(apiRequest('/api/items/2/', { schema: lazy })).resolves.toEqual({ id: 2 });
    expect(attempts).toBe(2);
  });

  it('does not wait for the schema to report an error answer', async () => {
    const lazy = lazySchema(() => new Promise<typeof itemSchema>(() => undefined));
    stubFetch(jsonResponse(404, { detail: 'Not found.' }));
    const error = await apiRequest('/api/items/9/', { schema: lazy }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
  });
});
