import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** The messages list of both areas (signed-in spec, section 2). Filled by a later issue. */
export function MessagesPage() {
  return <ScreenTitle>Messages</ScreenTitle>;
}
