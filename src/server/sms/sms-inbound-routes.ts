import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../db/schema/users.ts';
import { HttpError } from '../http/http-error.ts';
import { isE164, profileDigitsOf } from './sms-number.ts';
import { isValidTwilioSignature } from './twilio-signature.ts';

/** The opt-out and opt-in words carriers and Twilio honour (CTIA; Twilio's default Advanced Opt-Out). */
const STOP_WORDS = new Set([
  'STOP',
  'STOPALL',
  'STOP ALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'OPTOUT',
  'REVOKE',
]);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES']);

export const SMS_INBOUND_PATH = '/api/sms/inbound/';

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * POST /api/sms/inbound/: Twilio's webhook for texts people send to our number (form-encoded From,
 * Body, ...). Signed with X-Twilio-Signature (HMAC-SHA1 of PUBLIC_URL + this path and the sorted
 * parameters, keyed with TWILIO_AUTH_TOKEN); anything unsigned, or any call while no Twilio account
 * is configured, is refused 403. STOP and its synonyms turn SMS off for every account with that
 * number; START turns it back on. Twilio itself answers the sender (its own opt-out replies), so
 * the answer is empty TwiML. The signature replaces CSRF as proof of the caller.
 */
export async function smsInboundRoutes(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64_000 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.post(SMS_INBOUND_PATH, { config: { csrf: false } }, async (request, reply) => {
    const params = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
      string,
      string
    >;
    const authToken = app.config.twilio?.authToken;
    // Twilio signs the URL it was given, which is this server's public address.
    const url = `${app.config.publicUrl}${request.url}`;
    const signature = request.headers['x-twilio-signature'];
    if (
      !authToken ||
      !isValidTwilioSignature(authToken, url, params, typeof signature === 'string' ? signature : undefined)
    ) {
      throw new HttpError(403, { detail: 'Invalid signature.' });
    }
    const from = params.From ?? '';
    const word = (params.Body ?? '')
      .trim()
      .toUpperCase()
      .replace(/[.!]+$/, '');
    const digits = isE164(from) ? profileDigitsOf(from) : null;
    const change = STOP_WORDS.has(word) ? false : START_WORDS.has(word) ? true : null;
    if (digits && change !== null) {
      const changed = await app.db
        .update(users)
        .set({ smsNotifications: change })
        .where(eq(users.phoneNumber, digits))
        .returning({ id: users.id });
      request.log.info(
        { users: changed.map((user) => user.id), sms: change },
        change ? 'SMS START received' : 'SMS STOP received',
      );
    }
    return reply.header('content-type', 'text/xml; charset=utf-8').send(EMPTY_TWIML);
  });
}
