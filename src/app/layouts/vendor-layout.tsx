import { VENDOR_PORTAL } from './portal-navigation.ts';
import { SignedInLayout } from './signed-in-layout.tsx';

/** The vendor area's frame (/vendor/*). */
export function VendorLayout() {
  return <SignedInLayout portal={VENDOR_PORTAL} />;
}
