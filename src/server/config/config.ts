import { resolve } from 'node:path';
import { z } from 'zod';
import { type StorageConfig, storageConfigFrom, storageEnvShape } from './storage-config.ts';

const envSchema = z.object({
  /** `production` (or a PUBLIC_URL on https) marks a real deployment: see productionRefusals(). */
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Number of proxy hops to trust for the client address (X-Forwarded-For); none by default. */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  /** Force the Secure cookie flag (otherwise set when the request arrived over HTTPS). */
  COOKIE_SECURE: z.enum(['true', 'false']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Public address of this server, used in links inside mail. */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  STATIC_DIR: z.string().default('./dist'),
  /** `dev` marks mail sent and logs it with its links; `smtp` delivers through SMTP_URL. */
  MAIL_TRANSPORT: z.enum(['dev', 'smtp']).default('dev'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('FieldBid <no-reply@fieldbid.local>'),
  /** Where demo requests and contact messages are mailed. */
  STAFF_EMAIL: z.string().default('staff@fieldbid.local'),
  /**
   * `stripe` or `local`; unset means Stripe when STRIPE_SECRET_KEY is set, else the local test
   * checkout, which a real deployment accepts only when named here on purpose.
   */
  PAYMENTS_PROVIDER: z.enum(['local', 'stripe']).optional(),
  /** Set: payments go through Stripe Checkout instead of the local test checkout. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** The signing secret of the Stripe webhook endpoint (whsec_...); required with the key. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Where the Stripe client sends its calls; only tests (a local fake) change these. */
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /**
   * `dev` keeps every text in the delivery record and the log; `twilio` sends through Twilio's REST
   * API. Unset: twilio when the three TWILIO_ settings are there, else dev.
   */
  SMS_TRANSPORT: z.enum(['dev', 'twilio']).optional(),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  /** Signs the API calls (basic auth) and checks the inbound webhook's X-Twilio-Signature. */
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** The sending number (E.164) or a Messaging Service SID (MG...). */
  TWILIO_FROM: z.string().min(1).optional(),
  /** Where the Twilio client sends its calls; only tests (a local fake) change it. */
  TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  /** Web Push keys (base64url); without them the embedded default makes a pair in DATA_DIR. */
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  /** Who push services may contact about this sender: mailto: or https:. MAIL_FROM's address by default. */
  VAPID_SUBJECT: z.string().optional(),
  /**
   * The browser tests' server only (scripts/e2e-server.mjs): push subscriptions on any https address,
   * without the push-endpoint rule. A production server refuses to start with it.
   */
  PUSH_ALLOW_INSECURE_ENDPOINTS_FOR_TESTS: z.enum(['true', 'false']).optional(),
  /** The vendor map's tiles: a Leaflet template, http(s) with {z}, {x} and {y}; its origin joins the CSP's img-src. */
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/, 'an http(s) tile template with {z}, {x} and {y}')
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** Shown on the map, as the tile provider requires. */
  MAP_TILE_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  /**
   * The most sends per second on each channel, across every process (the providers' rate limits:
   * an SMTP relay's, Twilio's per sender, the push services'). Mails count every outbox mail.
   */
  EMAIL_SENDS_PER_SECOND: z.coerce.number().positive().default(20),
  SMS_SENDS_PER_SECOND: z.coerce.number().positive().default(20),
  PUSH_SENDS_PER_SECOND: z.coerce.number().positive().default(100),
  ...storageEnvShape,
});

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  from: string;
  apiUrl: string;
}

export interface PushConfig {
  /** Both keys from the environment, or undefined: then DATA_DIR's pair (embedded default) or no push. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  subject: string;
  /**
   * Tests only: subscriptions and pushes on any https endpoint (a local stand-in push service),
   * without the push-endpoint rule (push/push-endpoint-rule.ts). Refused on a production server.
   */
  allowInsecureEndpointsForTests?: boolean;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  apiHost: string | undefined;
  apiPort: number | undefined;
  apiProtocol: 'http' | 'https' | undefined;
}

export interface Config {
  /** A real deployment (NODE_ENV=production or an https PUBLIC_URL): unsafe demo defaults refuse to start. */
  production: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  trustProxy: number;
  cookieSecure: boolean | undefined;
  logLevel: string;
  publicUrl: string;
  /** The built PWA; not served when absent (API-only tests). */
  staticDir: string | undefined;
  mailTransport: 'dev' | 'smtp';
  smtpUrl: string | undefined;
  mailFrom: string;
  staffEmail: string;
  /** Stripe Checkout and its webhook; undefined means the local provider. */
  stripe: StripeConfig | undefined;
  /** Whether PAYMENTS_PROVIDER named the provider, rather than it following from the Stripe key. */
  paymentsProviderNamed: boolean;
  /** Where files go: local disk under DATA_DIR/files, or the STORAGE_URL bucket. */
  storage: StorageConfig;
  /** Texts: `dev` (kept and logged) unless Twilio is configured. */
  smsTransport: 'dev' | 'twilio';
  /** The Twilio account; also present with the dev transport when set, so STOP replies are checked. */
  twilio: TwilioConfig | undefined;
  push: PushConfig;
  /** The most sends per second on each channel (EMAIL_/SMS_/PUSH_SENDS_PER_SECOND). */
  sendRates: SendRates;
  /** The vendor map's tiles (MAP_TILE_URL, MAP_TILE_ATTRIBUTION) and the origin the CSP allows for them. */
  map: MapConfig;
}

export interface MapConfig {
  tileUrl: string;
  attribution: string;
  /** `https://tile.openstreetmap.org`; a `{s}` subdomain becomes `*.` (CSP host wildcard). */
  tileOrigin: string;
}

/** The CSP source of a tile template's host. */
export function tileOriginOf(tileUrl: string): string {
  const [, scheme, host] = /^(https?):\/\/([^/]+)/.exec(tileUrl)!;
  return `${scheme}://${host!.replace(/\{s\}/g, '*')}`;
}

export interface SendRates {
  email: number;
  sms: number;
  push: number;
}

const E164 = /^\+[1-9]\d{1,14}$/;

/** `mailto:` and the address inside MAIL_FROM's angle brackets (or MAIL_FROM itself). */
function mailtoOf(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return `mailto:${address.trim()}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    // Without the webhook a buyer who closes the tab after paying would never get an account.
    throw new Error('Invalid environment: STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY');
  }
  if (e.PAYMENTS_PROVIDER === 'stripe' && !e.STRIPE_SECRET_KEY) {
    throw new Error(
      'Invalid environment: PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  if (e.PAYMENTS_PROVIDER === 'local' && e.STRIPE_SECRET_KEY) {
    throw new Error(
      'Invalid environment: PAYMENTS_PROVIDER=local and STRIPE_SECRET_KEY contradict each other',
    );
  }
  const twilioParts = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM];
  if (e.SMS_TRANSPORT === 'twilio' && twilioParts.some((part) => part === undefined)) {
    throw new Error(
      'Invalid environment: SMS_TRANSPORT=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM',
    );
  }
  if (e.TWILIO_FROM && !E164.test(e.TWILIO_FROM) && !/^MG[0-9a-f]{32}$/i.test(e.TWILIO_FROM)) {
    throw new Error(
      'Invalid environment: TWILIO_FROM must be an E.164 number (+15551234567) or a Messaging Service SID',
    );
  }
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new Error('Invalid environment: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
  }
  const vapidSubject = e.VAPID_SUBJECT ?? mailtoOf(e.MAIL_FROM);
  if (!/^(mailto:|https:)/.test(vapidSubject)) {
    throw new Error('Invalid environment: VAPID_SUBJECT must be a mailto: or https: URL');
  }
  const publicUrl = e.PUBLIC_URL.replace(/\/$/, '');
  const production = e.NODE_ENV === 'production' || publicUrl.startsWith('https:');
  const insecurePush = e.PUSH_ALLOW_INSECURE_ENDPOINTS_FOR_TESTS === 'true';
  if (insecurePush && production) {
    throw new Error(
      'Invalid environment: PUSH_ALLOW_INSECURE_ENDPOINTS_FOR_TESTS is for tests; a production server never sends push outside the browser push services',
    );
  }
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR),
    trustProxy: e.TRUST_PROXY,
    cookieSecure: e.COOKIE_SECURE === undefined ? undefined : e.COOKIE_SECURE === 'true',
    logLevel: e.LOG_LEVEL,
    publicUrl,
    staticDir: resolve(e.STATIC_DIR),
    mailTransport: e.MAIL_TRANSPORT,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    staffEmail: e.STAFF_EMAIL,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiHost: e.STRIPE_API_HOST,
            apiPort: e.STRIPE_API_PORT,
            apiProtocol: e.STRIPE_API_PROTOCOL,
          }
        : undefined,
    paymentsProviderNamed: e.PAYMENTS_PROVIDER !== undefined,
    storage: storageConfigFrom(e),
    smsTransport: e.SMS_TRANSPORT ?? (twilioParts.every((part) => part !== undefined) ? 'twilio' : 'dev'),
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            apiUrl: e.TWILIO_API_URL.replace(/\/$/, ''),
          }
        : undefined,
    push: {
      vapidKeys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: vapidSubject,
      allowInsecureEndpointsForTests: insecurePush,
    },
    map: {
      tileUrl: e.MAP_TILE_URL,
      attribution: e.MAP_TILE_ATTRIBUTION,
      tileOrigin: tileOriginOf(e.MAP_TILE_URL),
    },
    sendRates: {
      email: e.EMAIL_SENDS_PER_SECOND,
      sms: e.SMS_SENDS_PER_SECOND,
      push: e.PUSH_SENDS_PER_SECOND,
    },
  };
}
