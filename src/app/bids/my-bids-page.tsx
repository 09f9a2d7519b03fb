import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** /vendor/bids (signed-in spec, section 2). Filled by a later issue. */
export function MyBidsPage() {
  return <ScreenTitle>My Bids</ScreenTitle>;
}
