import { resolve } from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
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
});

export interface Config {
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
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR),
    trustProxy: e.TRUST_PROXY,
    cookieSecure: e.COOKIE_SECURE === undefined ? undefined : e.COOKIE_SECURE === 'true',
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ''),
    staticDir: resolve(e.STATIC_DIR),
  };
}
