import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** /property-manager/documentation (signed-in spec, section 2). Filled by a later issue. */
export function DocumentationPage() {
  return <ScreenTitle>Property Documentation</ScreenTitle>;
}
