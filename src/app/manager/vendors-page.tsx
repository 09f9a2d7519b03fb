import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** /property-manager/vendors (signed-in spec, section 2). Filled by a later issue. */
export function VendorsPage() {
  return <ScreenTitle>Vendors</ScreenTitle>;
}
