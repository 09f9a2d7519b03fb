import { useMemo } from 'react';
import { managerPortal } from './portal-navigation.ts';
import { SignedInLayout } from './signed-in-layout.tsx';

/**
 * The property manager area's frame (/property-manager/*). This is the spec's "extra wrapper" of the
 * manager area: the selected-property state arrives here with the properties screens, and then
 * Property Documentation links to /property-manager/{projectId}/asbuilds.
 */
export function ManagerLayout() {
  const portal = useMemo(() => managerPortal(), []);
  return <SignedInLayout portal={portal} />;
}
