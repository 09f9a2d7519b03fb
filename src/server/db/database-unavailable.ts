/**
 * Errors that mean "the database cannot be reached right now" rather than "this request is wrong":
 * the connection was refused, reset, timed out or cut, or the server is shutting down or starting.
 * The error handler answers these with 503 so clients and balancers retry instead of reporting a bug.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// SQLSTATE class 08 (connection exception), 57P01-57P03 (shutdown, crash recovery, starting up).
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123])$/;

// node-postgres reports a lost or never-made connection with these messages and no code.
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

function isUnavailableError(error: { code?: unknown; message?: unknown }): boolean {
  if (typeof error.code === 'string') {
    if (NETWORK_CODES.has(error.code) || UNAVAILABLE_SQLSTATE.test(error.code)) return true;
  }
  const message = typeof error.message === 'string' ? error.message : '';
  return CONNECTION_MESSAGES.some((text) => message.includes(text));
}

/** True when the error, or any error it wraps (Drizzle wraps the driver's in `cause`), is one of those. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (isUnavailableError(candidate)) return true;
    current = candidate.cause;
  }
  return false;
}

export const DATABASE_UNAVAILABLE_BODY = {
  detail: 'The database is unavailable. Try again shortly.',
  code: 'DATABASE_UNAVAILABLE',
} as const;
