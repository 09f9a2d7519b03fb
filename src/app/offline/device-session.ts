import Dexie, { type EntityTable } from 'dexie';

/**
 * Which user's field database belongs to the token this browser holds. It lets the app open the
 * right database before the network answers (offline start) and never the wrong one: a token this
 * record does not know opens nothing until the server names its user.
 */
interface DeviceSession {
  id: 'current';
  userId: number;
  tokenFingerprint: string;
}

class DeviceDb extends Dexie {
  session!: EntityTable<DeviceSession, 'id'>;
  constructor() {
    super('fieldbid-device');
    this.version(1).stores({ session: 'id' });
  }
}

let deviceDb: DeviceDb | null = null;
function device(): DeviceDb {
  deviceDb ??= new DeviceDb();
  return deviceDb;
}

/**
 * Tells tokens apart without storing them again (FNV-1a, 2×32 bit). Not a security measure: the
 * token itself sits in localStorage; this only notices that the token changed.
 */
export function tokenFingerprint(token: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < token.length; i += 1) {
    const c = token.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return `${a.toString(16)}${b.toString(16)}`;
}

export async function rememberDeviceSession(userId: number, token: string): Promise<void> {
  await device().session.put({ id: 'current', userId, tokenFingerprint: tokenFingerprint(token) });
}

/** The user whose database goes with `token`, or null when this token has not been seen signed in. */
export async function userForToken(token: string): Promise<number | null> {
  const row = await device().session.get('current');
  return row && row.tokenFingerprint === tokenFingerprint(token) ? row.userId : null;
}

/** The user whose session this browser held last, whatever the token. */
export async function lastDeviceUser(): Promise<number | null> {
  return (await device().session.get('current'))?.userId ?? null;
}

export async function forgetDeviceSession(): Promise<void> {
  await device().session.delete('current');
}
