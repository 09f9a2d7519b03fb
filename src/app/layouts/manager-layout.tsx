import { MANAGER_PORTAL } from './portal-navigation.ts';
import { SignedInLayout } from './signed-in-layout.tsx';

/**
 * The property manager area's frame (/property-manager/*), the spec's "extra wrapper" of the manager
 * area. Its sidebar's Property Documentation follows the top bar's selected property, and so does
 * the as-builds URL (MANAGER_PORTAL's companion).
 */
export function ManagerLayout() {
  return <SignedInLayout portal={MANAGER_PORTAL} />;
}
