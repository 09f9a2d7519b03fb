import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** /vendor-application: the four-step wizard (public spec, section 2). Filled by a later issue. */
export function VendorApplicationPage() {
  return <ScreenTitle>Vendor Application</ScreenTitle>;
}
