import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** /property-manager/team (signed-in spec, section 2). Filled by a later issue. */
export function TeamPage() {
  return <ScreenTitle>Property Team</ScreenTitle>;
}
