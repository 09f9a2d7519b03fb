/** Limits of one photo field: how many, how large, and the messages (from src/shared). */
export interface PhotoLimits {
  maxFiles: number;
  maxBytes: number;
  messages: { type: string; size: string; count: string };
}

/**
 * The browser's first check of picked photos: images only, a few, none too large. The server checks
 * again by content (magic bytes), so a renamed file is caught there.
 */
export function photoProblem(photos: readonly File[], limits: PhotoLimits): string | null {
  if (photos.length > limits.maxFiles) return limits.messages.count;
  if (photos.some((photo) => !photo.type.startsWith('image/'))) return limits.messages.type;
  if (photos.some((photo) => photo.size > limits.maxBytes)) return limits.messages.size;
  return null;
}
