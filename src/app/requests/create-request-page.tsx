import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** /property-manager/maintenance/create (signed-in spec, section 2). Filled by a later issue. */
export function CreateRequestPage() {
  return <ScreenTitle>Create Maintenance Request</ScreenTitle>;
}
