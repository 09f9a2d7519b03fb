import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** /vendor/dashboard (signed-in spec, section 2). Filled by a later issue. */
export function VendorDashboardPage() {
  return <ScreenTitle>Dashboard</ScreenTitle>;
}
