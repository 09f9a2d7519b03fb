/**
 * A browser-like client of a real server process over HTTP: keeps its cookies and sends the CSRF
 * token with writes. `baseUrl` may change (another process of the same deployment, as behind a
 * load balancer) while the cookies stay.
 */
export class HttpSession {
  readonly cookies = new Map<string, string>();

  constructor(public baseUrl: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async send(
    method: string,
    path: string,
    options: {
      json?: unknown;
      body?: Uint8Array | string;
      headers?: Record<string, string>;
      baseUrl?: string;
    } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    const csrf = this.cookies.get('csrftoken');
    if (method !== 'GET' && csrf) headers['x-csrftoken'] = csrf;
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${options.baseUrl ?? this.baseUrl}${path}`, {
      method,
      headers,
      body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Visitor session and CSRF token, then the login; answers the login's status. */
  async login(email: string, password: string, baseUrl?: string): Promise<number> {
    await this.send('GET', '/api/get-csrf-token/', { baseUrl });
    const response = await this.send('POST', '/api/users/login/', {
      json: { email, password },
      baseUrl,
    });
    await response.body?.cancel();
    return response.status;
  }
}
