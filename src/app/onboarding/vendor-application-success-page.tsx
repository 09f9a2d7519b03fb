import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** /vendor-application/subscription/success/:sessionId/:subscriptionId (public spec, section 2). Filled by a later issue. */
export function VendorApplicationSuccessPage() {
  return <ScreenTitle>Vendor Application</ScreenTitle>;
}
