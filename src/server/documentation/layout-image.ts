import { imageSize } from 'image-size';
import { MAX_LAYOUT_SIDE_PX } from '#shared/documentation-uploads.ts';

/** The pixel size of an uploaded plan from its header, or null when unreadable or too large to view. */
export function layoutImageSize(body: Buffer): { width: number; height: number } | null {
  try {
    const size = imageSize(body);
    // Browsers draw a JPEG turned by its EXIF orientation; 5 to 8 swap the sides.
    const turned = (size.orientation ?? 1) >= 5;
    const width = turned ? size.height : size.width;
    const height = turned ? size.width : size.height;
    if (!width || !height || width > MAX_LAYOUT_SIDE_PX || height > MAX_LAYOUT_SIDE_PX) return null;
    return { width, height };
  } catch {
    return null;
  }
}
