import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** /panorama: the 360-degree hotspot demo (signed-in spec, section 2). Filled by a later issue. */
export function PanoramaPage() {
  return <ScreenTitle>Panorama</ScreenTitle>;
}
