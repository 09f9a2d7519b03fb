import { createHmac } from 'node:crypto';
import { safeEqual } from '#server/auth/tokens.ts';

/**
 * Twilio's request signature (X-Twilio-Signature): base64 HMAC-SHA1, keyed with the account's auth
 * token, over the full URL Twilio called followed by every POST parameter's name and value, sorted
 * by name (https://www.twilio.com/docs/usage/security#validating-requests).
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((joined, name) => joined + name + params[name], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

export function isValidTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  return safeEqual(twilioSignature(authToken, url, params), signature);
}
