import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** /property-manager/client-properties/:clientId (signed-in spec, section 2). Filled by a later issue. */
export function ClientPropertiesPage() {
  return <ScreenTitle>Properties</ScreenTitle>;
}
