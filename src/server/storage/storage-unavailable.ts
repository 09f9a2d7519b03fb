import { S3ServiceException } from '@aws-sdk/client-s3';

/**
 * The file store could not be reached (refused, reset, timed out, or the service answered 5xx):
 * the error handler answers 503 STORAGE_UNAVAILABLE so the client retries instead of reporting a bug.
 */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super('File storage is unavailable', { cause });
    this.name = 'StorageUnavailableError';
  }
}

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

/**
 * True for the S3 client's errors that mean "the bucket did not answer": a transport error (the
 * node handler's socket codes, its TimeoutError, an abort by our own timeout) or a 5xx from the
 * service. A 4xx (missing key, denied, no such bucket) is an answer, and stays what it is.
 */
export function isStorageTransportError(error: unknown): boolean {
  if (error instanceof S3ServiceException) return (error.$metadata.httpStatusCode ?? 0) >= 500;
  if (typeof error !== 'object' || error === null) return false;
  const { code, name } = error as { code?: unknown; name?: unknown };
  return (
    (typeof code === 'string' && NETWORK_CODES.has(code)) || name === 'TimeoutError' || name === 'AbortError'
  );
}

export const STORAGE_UNAVAILABLE_BODY = {
  detail: 'File storage is unavailable. Try again shortly.',
  code: 'STORAGE_UNAVAILABLE',
} as const;
