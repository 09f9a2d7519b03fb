/*
 * The addresses of a shared plan (src/shared/layout-share.ts), without the answer schemas: the
 * embed script (src/viewer) builds them and must not carry zod to other sites' pages.
 */

/** 32 random bytes in base64url: unguessable, and the only way to a shared plan. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const sharedLayoutPath = (token: string) => `/api/shared-layouts/${encodeURIComponent(token)}/`;
export const sharedLayoutImagePath = (token: string) =>
  `/api/shared-layouts/${encodeURIComponent(token)}/image`;
