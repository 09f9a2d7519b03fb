import { z } from 'zod';
import { timestampText } from './response-fields.ts';
import { lineText } from './text-fields.ts';

/** A vendor's own API keys: Settings → API keys, and `Authorization: Bearer <key>`. */
export const API_KEY_NAME_MAX = 100;
/** Live (unrevoked) keys a vendor may hold at once. */
export const API_KEYS_PER_VENDOR = 20;
/** Requests one key may make in a minute (429 with Retry-After beyond). */
export const API_KEY_REQUESTS_PER_MINUTE = 600;

export const API_KEY_MESSAGES = {
  nameRequired: 'Give the key a name.',
  tooMany: `You can have at most ${API_KEYS_PER_VENDOR} API keys. Revoke one you no longer use first.`,
  notFound: 'API key not found.',
  notAllowed: 'An API key cannot be used for this. Sign in to FieldBid instead.',
  invalid: 'Invalid or revoked API key.',
  inactive: "This API key's vendor account is deactivated or its subscription is not active.",
  tooManyRequests: `Too many requests with this API key (at most ${API_KEY_REQUESTS_PER_MINUTE} a minute). Please wait and try again.`,
} as const;

export const createApiKeySchema = z.object({
  name: lineText(API_KEY_NAME_MAX, { error: API_KEY_MESSAGES.nameRequired }).min(
    1,
    API_KEY_MESSAGES.nameRequired,
  ),
});
export type CreateApiKey = z.infer<typeof createApiKeySchema>;

/** A key as listed: never the key itself, only its last four characters. */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  last_four: z.string(),
  created_at: timestampText,
  last_used_at: timestampText.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.array(apiKeySchema);

/** POST's answer: the only time the key is shown. */
export const createdApiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  key: z.string(),
  last_four: z.string(),
  created_at: timestampText,
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
