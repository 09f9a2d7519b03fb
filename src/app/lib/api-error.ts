/**
 * A failed API call, in the error shapes the server uses everywhere (DESIGN.md, API conventions):
 * `{errors: {field: [msg]}}`, `non_field_errors: [msg]`, `detail`, `error`, `message` and `code`.
 * Screens show `fieldErrors` under fields, `nonFieldErrors` in an alert, and `serverMessage` (or their
 * own fallback from the spec) in a toast.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the request never got an answer (offline, DNS, CORS). */
  readonly status: number;
  readonly fieldErrors: Record<string, string[]>;
  readonly nonFieldErrors: string[];
  /** `detail`, `error` or `message` from the body, in that order; null when the body had none. */
  readonly serverMessage: string | null;
  readonly code: string | null;
  /** The parsed JSON body, the text body, or null. */
  readonly body: unknown;

  constructor(init: {
    status: number;
    fieldErrors?: Record<string, string[]>;
    nonFieldErrors?: string[];
    serverMessage?: string | null;
    code?: string | null;
    body?: unknown;
    fallbackMessage?: string;
  }) {
    const serverMessage = init.serverMessage ?? null;
    super(serverMessage ?? init.fallbackMessage ?? `Request failed with status ${init.status}`);
    this.status = init.status;
    this.fieldErrors = init.fieldErrors ?? {};
    this.nonFieldErrors = init.nonFieldErrors ?? [];
    this.serverMessage = serverMessage;
    this.code = init.code ?? null;
    this.body = init.body ?? null;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Builds the ApiError for a non-OK answer from its status and already-read body. */
export function parseApiError(status: number, body: unknown): ApiError {
  if (typeof body === 'string') return new ApiError({ status, body, serverMessage: plainText(body) });
  if (!isRecord(body)) return new ApiError({ status, body });

  const fieldErrors: Record<string, string[]> = {};
  const nonFieldErrors = messageList(body.non_field_errors);
  if (isRecord(body.errors)) {
    for (const [field, value] of Object.entries(body.errors)) {
      const messages = messageList(value);
      if (messages.length === 0) continue;
      // Some handlers put form-wide errors inside `errors`; they belong with the alert.
      if (field === 'non_field_errors' || field === '__all__') nonFieldErrors.push(...messages);
      else fieldErrors[field] = messages;
    }
  }

  return new ApiError({
    status,
    body,
    fieldErrors,
    nonFieldErrors,
    serverMessage: firstText(body.detail, body.error, body.message),
    code: typeof body.code === 'string' ? body.code : null,
  });
}

/** An ApiError for a request that got no answer at all. */
export function networkError(cause: unknown): ApiError {
  const error = new ApiError({ status: 0, code: 'NETWORK_ERROR', fallbackMessage: 'Network request failed' });
  (error as { cause?: unknown }).cause = cause;
  return error;
}

/** The code of a 2xx answer that breaks its schema (src/app/lib/api-client.ts, readAnswer). */
export const UNEXPECTED_ANSWER = 'UNEXPECTED_ANSWER';

/**
 * An ApiError for an answer this app cannot read: the server and the app disagree on its shape
 * (usually an app older than the server; a reload fetches the current one). Never retried.
 */
export function unexpectedAnswerError(status: number, body: unknown): ApiError {
  return new ApiError({
    status,
    body,
    code: UNEXPECTED_ANSWER,
    fallbackMessage: 'The server answered in a way this version of the app cannot read. Reload the page.',
  });
}

/** A short plain-text body is a message; an HTML error page from a proxy is not. */
function plainText(body: string): string | null {
  const text = body.trim();
  if (text === '' || text.length > 300 || text.startsWith('<')) return null;
  return text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A field's messages: a list of strings, or a single string. */
function messageList(value: unknown): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (Array.isArray(value))
    return value.filter((item): item is string => typeof item === 'string' && item !== '');
  return [];
}

function firstText(...values: unknown[]): string | null {
  for (const value of values) {
    if (typeof value === 'string' && value.trim() !== '') return value;
    // `error` is sometimes a list (e.g. validation helpers); its first text is the message.
    if (Array.isArray(value)) {
      const first = messageList(value)[0];
      if (first) return first;
    }
  }
  return null;
}
