// The top bar's selected property, remembered per user in this browser (signed-in spec, section 4:
// the first property is picked when none is). Only src/app/lib touches localStorage.
const KEY_PREFIX = 'fieldbid.selected-property.';

export function selectedPropertyKey(userId: number): string {
  return `${KEY_PREFIX}${userId}`;
}

/** The stored property id of this user, or null (nothing stored, storage blocked, junk value). */
export function readSelectedProperty(userId: number): number | null {
  try {
    const raw = localStorage.getItem(selectedPropertyKey(userId));
    if (raw === null || !/^\d{1,9}$/.test(raw)) return null;
    return Number(raw);
  } catch {
    return null;
  }
}

export function writeSelectedProperty(userId: number, projectId: number | null): void {
  try {
    if (projectId === null) localStorage.removeItem(selectedPropertyKey(userId));
    else localStorage.setItem(selectedPropertyKey(userId), String(projectId));
  } catch {
    // Without storage the choice lasts for this page only.
  }
}
