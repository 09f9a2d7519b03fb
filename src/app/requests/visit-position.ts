/** The phone's position for "Arrived", asked only when the vendor taps it. */
export interface VisitPosition {
  latitude: number;
  longitude: number;
}

// Long enough for a phone to find itself outdoors; the step does not wait longer for it.
const POSITION_TIMEOUT_MS = 10_000;

/**
 * Asks the browser once; null when it is refused, unavailable or too slow: the arrival is recorded
 * without it (the server then keeps no distance).
 */
export function askPosition(): Promise<VisitPosition | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: POSITION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  });
}
