import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** /property-manager-application/:id/success (public spec, section 2). Filled by a later issue. */
export function ManagerApplicationSuccessPage() {
  return <ScreenTitle>Property Manager Application</ScreenTitle>;
}
