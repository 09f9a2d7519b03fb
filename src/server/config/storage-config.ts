import { z } from 'zod';
import { isSafeKey } from '#shared/storage-key.ts';

export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  /** Prepended to every key: empty, or segments ending in '/'. */
  prefix: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, s3rver); undefined means AWS itself. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Undefined: the SDK's own chain (instance role, shared profile, ...). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** How long the client waits before calling the bucket unreachable (the SDK's defaults wait far longer). */
  limits: S3ClientLimits;
}

export interface S3ClientLimits {
  /** To open a connection (S3_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs: number;
  /** A silent socket mid-request (S3_SOCKET_TIMEOUT_MS): not the whole request, so large files still go. */
  socketTimeoutMs: number;
  /** Tries per operation, the first included (S3_MAX_ATTEMPTS). */
  maxAttempts: number;
}

export const DEFAULT_S3_LIMITS: S3ClientLimits = {
  connectTimeoutMs: 2_000,
  socketTimeoutMs: 30_000,
  maxAttempts: 2,
};

export type StorageConfig = { kind: 'local' } | S3StorageConfig;

const STORAGE_URL = /^s3:\/\/([^/]+)(?:\/(.*))?$/;
/** S3's rules for new buckets: 3-63 characters, lowercase letters, digits, dots and hyphens. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const STORAGE_URL_MESSAGE =
  'must be s3://<bucket>[/<prefix>]: a bucket name of 3-63 lowercase letters, digits, dots and hyphens, and a prefix of path segments';

function parseStorageUrl(url: string): { bucket: string; prefix: string } | null {
  const match = STORAGE_URL.exec(url);
  if (!match) return null;
  const bucket = match[1] ?? '';
  const prefix = (match[2] ?? '').replace(/\/+$/, '');
  if (!BUCKET.test(bucket) || bucket.includes('..')) return null;
  if (prefix !== '' && !isSafeKey(prefix)) return null;
  return { bucket, prefix: prefix === '' ? '' : `${prefix}/` };
}

/** The storage settings of the environment schema (config.ts spreads them in). */
export const storageEnvShape = {
  /** Unset: files on local disk under DATA_DIR/files. `s3://bucket[/prefix]`: that bucket. */
  STORAGE_URL: z
    .string()
    .refine((url) => parseStorageUrl(url) !== null, STORAGE_URL_MESSAGE)
    .optional(),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** The endpoint of an S3-compatible service; S3_ENDPOINT is the older spelling. */
  AWS_ENDPOINT_URL_S3: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  /** Bucket in the path instead of the host name; on by default with a custom endpoint. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(DEFAULT_S3_LIMITS.connectTimeoutMs),
  S3_SOCKET_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(DEFAULT_S3_LIMITS.socketTimeoutMs),
  S3_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(DEFAULT_S3_LIMITS.maxAttempts),
};

const storageEnvSchema = z.object(storageEnvShape);
type StorageEnv = z.output<typeof storageEnvSchema>;

/** Throws `Invalid environment: ...` for settings that contradict each other. */
export function storageConfigFrom(e: StorageEnv): StorageConfig {
  if (e.STORAGE_URL === undefined) return { kind: 'local' };
  const location = parseStorageUrl(e.STORAGE_URL);
  if (!location) throw new Error(`Invalid environment: STORAGE_URL: ${STORAGE_URL_MESSAGE}`);
  if ((e.AWS_ACCESS_KEY_ID === undefined) !== (e.AWS_SECRET_ACCESS_KEY === undefined)) {
    throw new Error('Invalid environment: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together');
  }
  const endpoint = e.AWS_ENDPOINT_URL_S3 ?? e.S3_ENDPOINT;
  return {
    kind: 's3',
    ...location,
    region: e.AWS_REGION,
    endpoint,
    forcePathStyle:
      e.S3_FORCE_PATH_STYLE === undefined ? endpoint !== undefined : e.S3_FORCE_PATH_STYLE === 'true',
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY }
        : undefined,
    limits: {
      connectTimeoutMs: e.S3_CONNECT_TIMEOUT_MS,
      socketTimeoutMs: e.S3_SOCKET_TIMEOUT_MS,
      maxAttempts: e.S3_MAX_ATTEMPTS,
    },
  };
}
