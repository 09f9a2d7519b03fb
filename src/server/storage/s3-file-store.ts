import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '#server/config/storage-config.ts';
import { sha256Of, sha256Tag } from './content-hash.ts';
import {
  assertSafeKey,
  type ByteRange,
  type FileStore,
  type StoredFile,
  type StoredFileInfo,
} from './file-store.ts';
import { isStorageTransportError, StorageUnavailableError } from './storage-unavailable.ts';

/** The user-metadata field (x-amz-meta-sha256) carrying the content's SHA-256, base64url. */
const SHA256_METADATA = 'sha256';

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}

/**
 * Files as objects in one bucket under an optional prefix. The object's Content-Type is the stored
 * type; its metadata holds the SHA-256 so stat (one HEAD) gives the same ETag as the local store.
 */
export class S3FileStore implements FileStore {
  readonly client: S3Client;

  constructor(private readonly config: S3StorageConfig) {
    const custom = config.endpoint !== undefined;
    this.client = new S3Client({
      region: config.region,
      maxAttempts: config.limits.maxAttempts,
      requestHandler: {
        connectionTimeout: config.limits.connectTimeoutMs,
        socketTimeout: config.limits.socketTimeoutMs,
      },
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      ...(config.credentials ? { credentials: config.credentials } : {}),
      // S3-compatible services differ in the newer default checksums (MinIO, R2, s3rver); the
      // migration verifies content by SHA-256 itself.
      ...(custom
        ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
        : {}),
    });
  }

  /** The operation, with "the bucket did not answer" turned into StorageUnavailableError (503). */
  private async guard<T>(operation: Promise<T>): Promise<T> {
    try {
      return await operation;
    } catch (error) {
      throw isStorageTransportError(error) ? new StorageUnavailableError(error) : error;
    }
  }

  get bucket(): string {
    return this.config.bucket;
  }

  /** The object key of a storage key: the prefix, then the key. */
  objectKey(key: string): string {
    assertSafeKey(key);
    return `${this.config.prefix}${key}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.guard(
      this.client.send(
        new PutObjectCommand({
          Bucket: this.config.bucket,
          Key: this.objectKey(key),
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          Metadata: { [SHA256_METADATA]: sha256Of(body) },
        }),
      ),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    try {
      const object = await this.guard(
        this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) })),
      );
      if (!object.Body) return null;
      return {
        body: Buffer.from(await object.Body.transformToByteArray()),
        contentType: object.ContentType ?? 'application/octet-stream',
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    try {
      const head = await this.guard(
        this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) })),
      );
      const sha256 = head.Metadata?.[SHA256_METADATA];
      return {
        size: head.ContentLength ?? 0,
        contentType: head.ContentType ?? 'application/octet-stream',
        etag: sha256 ? sha256Tag(sha256) : (head.ETag ?? sha256Tag('')),
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stream(key: string, range?: ByteRange): Promise<Readable | null> {
    try {
      const object = await this.guard(
        this.client.send(
          new GetObjectCommand({
            Bucket: this.config.bucket,
            Key: this.objectKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        ),
      );
      // In Node the body is the HTTP response itself: handed on as it arrives, never collected.
      if (!(object.Body instanceof Readable)) throw new Error('The S3 client gave no Node stream');
      return object.Body;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.guard(
      this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) })),
    );
  }

  /**
   * HeadBucket, given at most the connect timeout in all (retries included): a balancer probe must
   * hear "down" quickly, not after the SDK's backoff.
   */
  async ping(): Promise<boolean> {
    await this.guard(
      this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }), {
        abortSignal: AbortSignal.timeout(this.config.limits.connectTimeoutMs),
      }),
    );
    return true;
  }

  /** Closes the client's sockets (the app's onClose). */
  close(): void {
    this.client.destroy();
  }
}
