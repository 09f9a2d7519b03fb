import { z } from 'zod';

// The panorama demo's photo hotspots (signed-in spec, section 2: kept only in this browser's local
// storage). Only src/app/lib touches localStorage. The version is in the key, so a later shape can
// use a new key and never misread this one.
export const PANORAMA_HOTSPOTS_KEY = 'fieldbid.panorama-hotspots.v1';

const hotspotSchema = z.object({
  id: z.number().int().positive(),
  pitch: z.number().min(-90).max(90),
  yaw: z.number().min(-180).max(180),
  // Only pictures we encoded ourselves; anything else in the key is not ours to show.
  photoUrl: z.string().startsWith('data:image/'),
});

/** Panorama hotspot (signed-in spec, section 3): id, pitch, yaw, photoUrl (a data URL). */
export type PanoramaHotspot = z.infer<typeof hotspotSchema>;

export type SaveResult =
  | { ok: true; hotspots: PanoramaHotspot[] }
  /** `full`: the storage quota is used up; `unavailable`: storage is blocked or missing. */
  | { ok: false; reason: 'full' | 'unavailable' };

/**
 * The stored hotspots, oldest first. Bad data is tolerated: unreadable JSON or a non-list gives
 * none, and single malformed entries (or repeated ids) are skipped so the good ones survive.
 */
export function readHotspots(): PanoramaHotspot[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(PANORAMA_HOTSPOTS_KEY);
  } catch {
    return [];
  }
  if (raw === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const seen = new Set<number>();
  const hotspots: PanoramaHotspot[] = [];
  for (const entry of parsed) {
    const result = hotspotSchema.safeParse(entry);
    if (!result.success || seen.has(result.data.id)) continue;
    seen.add(result.data.id);
    hotspots.push(result.data);
  }
  return hotspots;
}

function isQuotaError(error: unknown): boolean {
  if (!(error instanceof DOMException)) return false;
  // Chrome and Safari name it QuotaExceededError (legacy code 22); old Firefox used its own name.
  return (
    error.name === 'QuotaExceededError' || error.code === 22 || error.name === 'NS_ERROR_DOM_QUOTA_REACHED'
  );
}

function write(hotspots: PanoramaHotspot[]): SaveResult {
  try {
    if (hotspots.length === 0) localStorage.removeItem(PANORAMA_HOTSPOTS_KEY);
    else localStorage.setItem(PANORAMA_HOTSPOTS_KEY, JSON.stringify(hotspots));
    return { ok: true, hotspots };
  } catch (error) {
    return { ok: false, reason: isQuotaError(error) ? 'full' : 'unavailable' };
  }
}

/**
 * Stores one more hotspot at (pitch, yaw) with the next free id. On failure nothing changes in
 * storage and the caller must tell the user the photo was not kept.
 */
export function addHotspot(place: { pitch: number; yaw: number; photoUrl: string }): SaveResult {
  const current = readHotspots();
  const id = current.reduce((max, hotspot) => Math.max(max, hotspot.id), 0) + 1;
  const hotspot = hotspotSchema.safeParse({ id, ...place });
  if (!hotspot.success)
    throw new Error('A panorama hotspot needs pitch, yaw in range and an image data URL.');
  return write([...current, hotspot.data]);
}

/** Removes every hotspot ('Reset All Photos'). */
export function clearHotspots(): SaveResult {
  return write([]);
}
