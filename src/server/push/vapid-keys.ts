import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { z } from 'zod';
import type { Config } from '#server/config/config.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const keyFileSchema = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });

/** Where the embedded default keeps the pair it made: beside the database, private to its owner. */
export const vapidKeyFile = (dataDir: string) => join(dataDir, 'vapid-keys.json');

async function readKeyFile(path: string): Promise<VapidKeys> {
  return keyFileSchema.parse(JSON.parse(await readFile(path, 'utf8')));
}

/**
 * The server's VAPID key pair (Web Push): from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set; else, for
 * the embedded default (no DATABASE_URL: one process on one data directory), the pair in
 * DATA_DIR/vapid-keys.json, made on first use. Processes sharing a PostgreSQL must share one pair
 * (a subscription is bound to the key it was made with), so without the settings there they get
 * none and push stays off, which Settings says. Keys change only by hand: a new pair orphans every
 * subscription.
 */
export async function loadVapidKeys(config: Config, log: FastifyBaseLogger): Promise<VapidKeys | null> {
  if (config.push.vapidKeys) return config.push.vapidKeys;
  if (config.databaseUrl) {
    log.warn(
      'Web Push is off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npx web-push generate-vapid-keys)',
    );
    return null;
  }
  const path = vapidKeyFile(config.dataDir);
  try {
    return await readKeyFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = webpush.generateVAPIDKeys();
  await mkdir(config.dataDir, { recursive: true });
  try {
    // `wx`: if another start made the file meanwhile, its pair wins and is read back below.
    await writeFile(path, `${JSON.stringify(keys)}\n`, { flag: 'wx', mode: 0o600 });
    log.info({ path }, 'made a new VAPID key pair for Web Push');
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readKeyFile(path);
  }
}
