import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config, TwilioConfig } from '#server/config/config.ts';

export interface OutgoingSms {
  /** The delivery it carries (for the log); null for a number's confirmation code, which has none. */
  deliveryId: number | null;
  /** E.164. */
  to: string;
  body: string;
}

/**
 * A refused or failed send. `permanent`: trying again cannot help (a number that cannot take texts);
 * `optedOut`: the recipient replied STOP to the provider, so texts to the number stop here too.
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly optedOut = false,
  ) {
    super(message);
  }
}

export interface SmsTransport {
  readonly name: 'dev' | 'twilio';
  /** Resolves with the provider's id for the message (null for dev); throws SmsSendError. */
  send(sms: OutgoingSms): Promise<{ providerId: string | null }>;
}

/** Where the dev transport keeps every text, in DATA_DIR: one JSON line ({at, to, body}) per text. */
export const DEV_TEXTS_FILE = 'dev-texts.jsonl';

/**
 * Development: nothing leaves the machine. The log shows each text and DATA_DIR/dev-texts.jsonl
 * keeps it (the developer's phone: a number's confirmation code is read there, as the browser tests
 * do); a notification's delivery row keeps its text too.
 */
export function devSmsTransport(log: FastifyBaseLogger, dataDir?: string): SmsTransport {
  return {
    name: 'dev',
    async send(sms) {
      log.info({ sms: { deliveryId: sms.deliveryId, to: sms.to, body: sms.body } }, 'sms (dev transport)');
      if (dataDir !== undefined) {
        const line = JSON.stringify({ at: new Date().toISOString(), to: sms.to, body: sms.body });
        try {
          await mkdir(dataDir, { recursive: true });
          await appendFile(join(dataDir, DEV_TEXTS_FILE), `${line}\n`);
        } catch (error) {
          // The log above still has it.
          log.warn({ err: error }, 'sms (dev transport): could not keep the text in DATA_DIR');
        }
      }
      return { providerId: null };
    },
  };
}

/** Twilio's error codes that no retry can fix, besides every other 4xx. */
const TWILIO_OPTED_OUT = 21610;
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Twilio's Programmable Messaging REST API (POST /2010-04-01/Accounts/{sid}/Messages.json, basic
 * auth, form-encoded To/From/Body). Network errors, 429, 5xx and 401 (a key being rotated) are tried
 * again later; 21610 means the number replied STOP; any other 4xx is final.
 */
export function twilioSmsTransport(twilio: TwilioConfig): SmsTransport {
  const url = `${twilio.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(twilio.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`;
  const sender: Record<string, string> = twilio.from.startsWith('MG')
    ? { MessagingServiceSid: twilio.from }
    : { From: twilio.from };
  return {
    name: 'twilio',
    async send(sms) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({ To: sms.to, Body: sms.body, ...sender }).toString(),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        throw new SmsSendError(
          `Twilio unreachable: ${error instanceof Error ? error.message : String(error)}`,
          false,
        );
      }
      const answer = (await response.json().catch(() => ({}))) as {
        sid?: unknown;
        code?: unknown;
        message?: unknown;
      };
      if (response.ok && typeof answer.sid === 'string') return { providerId: answer.sid };
      const detail = `Twilio ${response.status}${typeof answer.code === 'number' ? ` error ${answer.code}` : ''}: ${
        typeof answer.message === 'string' ? answer.message : response.statusText
      }`;
      if (answer.code === TWILIO_OPTED_OUT) throw new SmsSendError(detail, true, true);
      const transient =
        response.status === 429 || response.status >= 500 || response.status === 401 || response.ok;
      throw new SmsSendError(detail, !transient);
    },
  };
}

export function smsTransportFromConfig(config: Config, log: FastifyBaseLogger): SmsTransport {
  if (config.smsTransport === 'twilio' && config.twilio) return twilioSmsTransport(config.twilio);
  return devSmsTransport(log, config.dataDir);
}
