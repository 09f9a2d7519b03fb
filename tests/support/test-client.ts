import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  json?: unknown;
  headers?: Record<string, string>;
  /** Send the csrftoken cookie's value as X-CSRFToken (default true), as the browser app does. */
  csrf?: boolean;
}

/** A browser-like client over app.inject(): keeps cookies, echoes the CSRF token, has one address. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly remoteAddress = '10.0.0.1',
  ) {}

  async request(method: Method, url: string, options: RequestOptions = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const csrf = this.cookies.get('csrftoken');
    if (options.csrf !== false && csrf && method !== 'GET') headers['x-csrftoken'] = csrf;
    const injectOptions: InjectOptions = { method, url, headers, remoteAddress: this.remoteAddress };
    if (options.json !== undefined) injectOptions.payload = options.json as InjectOptions['payload'];
    const response = await this.app.inject(injectOptions);
    for (const cookie of response.cookies as Array<{ name: string; value: string; expires?: Date }>) {
      const cleared = cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now());
      if (cleared) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get(url: string, options?: RequestOptions) {
    return this.request('GET', url, options);
  }

  post(url: string, json?: unknown, options?: RequestOptions) {
    return this.request('POST', url, { ...options, json });
  }

  async csrfToken(): Promise<string> {
    const response = await this.get('/api/get-csrf-token/');
    return response.json<{ csrfToken: string }>().csrfToken;
  }

  /** Signs in as the browser does: a CSRF token first, then the login call. */
  async login(email: string, password: string): Promise<LightMyRequestResponse> {
    await this.csrfToken();
    return this.post('/api/users/login/', { email, password });
  }
}
