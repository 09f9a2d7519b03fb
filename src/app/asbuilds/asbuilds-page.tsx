import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** /property-manager/:projectId/asbuilds: the as-builds viewer (signed-in spec, section 2). Filled by a later issue. */
export function AsbuildsPage() {
  return <ScreenTitle>Property Documentation</ScreenTitle>;
}
