import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { isE164, profileDigitsOf } from './sms-number.ts';
import { setTextsForNumber } from './sms-opt-out-store.ts';
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
 * What Twilio posts (for the document only: the route reads the form itself, since the signature
 * covers every parameter as sent, names this one does not list included).
 */
const inboundForm = z.looseObject({
  From: z.string().meta({ description: 'The sender, in E.164' }),
  Body: z.string().meta({ description: 'The text: STOP, START and their synonyms are acted on' }),
});

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

  const schema = {
    summary: "Twilio's webhook for texts sent to our number: STOP and START (signed with X-Twilio-Signature)",
    formBody: inboundForm,
    consumes: ['application/x-www-form-urlencoded'],
    produces: ['text/xml'],
    response: {
      ...errorResponses,
      200: { description: 'Empty TwiML', content: { 'text/xml': { schema: z.string() } } },
    },
  };
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(SMS_INBOUND_PATH, { schema, config: { csrf: false } }, async (request, reply) => {
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
      const changed = await setTextsForNumber(app.db, digits, change);
      request.log.info({ users: changed, sms: change }, change ? 'SMS START received' : 'SMS STOP received');
    }
    return reply.header('content-type', 'text/xml; charset=utf-8').send(EMPTY_TWIML);
  });
}
