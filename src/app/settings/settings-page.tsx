import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** Profile and notification settings of both areas (signed-in spec, section 2). Filled by a later issue. */
export function SettingsPage() {
  return <ScreenTitle>Settings</ScreenTitle>;
}
