import { currentSession, resumeSessionFromDevice, signOutOfflineSession } from './offline-session.ts';
import { listOutbox } from './outbox-store.ts';
import { askBeforeSignOut } from './sign-out-question.ts';

/**
 * Before a sign-out: when writes of this user have not reached the server, the user sees them listed
 * and chooses; nothing is dropped silently. Resolves true when the sign-out may go on.
 */
export async function confirmSignOutWithWaitingWrites(): Promise<boolean> {
  const session = currentSession() ?? (await resumeSessionFromDevice().catch(() => null));
  const items = session ? await listOutbox(session.db).catch(() => []) : [];
  return items.length === 0 ? true : askBeforeSignOut(items);
}

/** The local half of a sign-out: the user's cached data and file caches go; their queue stays theirs. */
export async function clearOfflineDataAtSignOut(): Promise<void> {
  if (!currentSession()) await resumeSessionFromDevice().catch(() => null);
  await signOutOfflineSession();
}
