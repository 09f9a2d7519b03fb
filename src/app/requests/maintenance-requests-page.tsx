import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** /property-manager/maintenance (signed-in spec, section 2). Filled by a later issue. */
export function MaintenanceRequestsPage() {
  return <ScreenTitle>Maintenance Requests</ScreenTitle>;
}
