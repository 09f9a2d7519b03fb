import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** /property-manager/dashboard (signed-in spec, section 2). Filled by a later issue. */
export function ManagerDashboardPage() {
  return <ScreenTitle>Dashboard</ScreenTitle>;
}
