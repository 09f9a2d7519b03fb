import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** The notifications page of both areas (signed-in spec, section 2). Filled by a later issue. */
export function NotificationsPage() {
  return <ScreenTitle>Notifications</ScreenTitle>;
}
