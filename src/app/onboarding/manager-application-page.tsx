import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** /property-manager-application: the four-step wizard (public spec, section 2). Filled by a later issue. */
export function ManagerApplicationPage() {
  return <ScreenTitle>Property Manager Application</ScreenTitle>;
}
