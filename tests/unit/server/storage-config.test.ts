import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/config.ts';

describe('STORAGE_URL', () => {
  it('keeps files on local disk when unset', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
  });

  it('reads the bucket, the prefix and the S3 settings', () => {
    expect(
      loadConfig({
        STORAGE_URL: 's3://fieldbid-files/prod/uploads/',
        AWS_REGION: 'eu-west-1',
        AWS_ACCESS_KEY_ID: 'key',
        AWS_SECRET_ACCESS_KEY: 'secret',
        S3_ENDPOINT: 'http://minio:9000',
        S3_CONNECT_TIMEOUT_MS: '500',
        S3_MAX_ATTEMPTS: '1',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'fieldbid-files',
      prefix: 'prod/uploads/',
      region: 'eu-west-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      limits: { connectTimeoutMs: 500, socketTimeoutMs: 30_000, maxAttempts: 1 },
    });
    expect(loadConfig({ STORAGE_URL: 's3://files.example' }).storage).toMatchObject({
      bucket: 'files.example',
      prefix: '',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
      limits: { connectTimeoutMs: 2_000, socketTimeoutMs: 30_000, maxAttempts: 2 },
    });
    expect(
      loadConfig({
        STORAGE_URL: 's3://bucket',
        AWS_ENDPOINT_URL_S3: 'https://acct.r2.cloudflarestorage.com',
        S3_FORCE_PATH_STYLE: 'false',
      }).storage,
    ).toMatchObject({ endpoint: 'https://acct.r2.cloudflarestorage.com', forcePathStyle: false });
  });

  it('refuses to start with a bad STORAGE_URL, naming the expected form', () => {
    for (const url of [
      'files',
      'https://bucket/x',
      's3://',
      's3://ab',
      's3://Upper',
      's3://a..b',
      's3://b-/x',
      's3://bucket/../x',
    ]) {
      expect(() => loadConfig({ STORAGE_URL: url })).toThrow(
        /^Invalid environment: STORAGE_URL: must be s3:\/\/<bucket>\[\/<prefix>\]/,
      );
    }
  });

  it('refuses half a key pair and an endpoint that is no URL', () => {
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket', AWS_ACCESS_KEY_ID: 'key' })).toThrow(
      'Invalid environment: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together',
    );
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket', S3_ENDPOINT: 'minio:9000' })).toThrow(
      'Invalid environment: S3_ENDPOINT: must be an http(s) URL',
    );
  });
});
