/**
 * Angles of the 360° viewer, free of three.js so they are tested without a browser and the page can
 * place its HTML hotspots itself. Degrees throughout: pitch -90..90 (up positive), yaw -180..180
 * (right positive), yaw 0 at the centre of the equirectangular image.
 *
 * The sphere mesh is mirrored on x so its inside shows the image unmirrored; with that, texture
 * column u = 0.5 + yaw / 360 lies in the direction `directionFromAngles` returns.
 */

export interface Angles {
  pitch: number;
  yaw: number;
}

/** What the camera shows: its centre and its vertical field of view. */
export interface View extends Angles {
  fov: number;
}

/** A clickable marker on the sphere; `label` names it for screen readers and as its tooltip. */
export interface SphereHotspot extends Angles {
  id: number;
  label: string;
}

export type Vector3 = readonly [number, number, number];

export const MIN_FOV = 30;
export const MAX_FOV = 100;
export const DEFAULT_VIEW: View = { pitch: 0, yaw: 0, fov: 75 };
/** The camera stops short of the poles, where "up" has no direction to look along. */
export const MAX_VIEW_PITCH = 85;

const RAD = Math.PI / 180;

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Any yaw into [-180, 180). */
export function normalizeYaw(yaw: number): number {
  const wrapped = ((((yaw + 180) % 360) + 360) % 360) - 180;
  return wrapped === 0 ? 0 : wrapped; // no -0
}

export function clampPitch(pitch: number, limit = 90): number {
  return clamp(pitch, -limit, limit);
}

export function clampFov(fov: number): number {
  return clamp(fov, MIN_FOV, MAX_FOV);
}

/** A view brought back into range: yaw wrapped, pitch short of the poles, zoom within bounds. */
export function normalizeView(view: View): View {
  return {
    pitch: clampPitch(view.pitch, MAX_VIEW_PITCH),
    yaw: normalizeYaw(view.yaw),
    fov: clampFov(view.fov),
  };
}

/** The unit vector looking at (pitch, yaw) in the scene's axes (y up, yaw 0 towards -x). */
export function directionFromAngles({ pitch, yaw }: Angles): Vector3 {
  const p = pitch * RAD;
  const y = yaw * RAD;
  return [-Math.cos(p) * Math.cos(y), Math.sin(p), -Math.cos(p) * Math.sin(y)];
}

/** The angles of any non-zero vector. */
export function anglesFromDirection([x, y, z]: Vector3): Angles {
  const length = Math.hypot(x, y, z);
  if (length === 0) return { pitch: 0, yaw: 0 };
  const pitch = Math.asin(clamp(y / length, -1, 1)) / RAD;
  const yaw = Math.abs(x) < 1e-12 && Math.abs(z) < 1e-12 ? 0 : Math.atan2(-z, -x) / RAD;
  return { pitch, yaw: normalizeYaw(yaw) };
}

function dot(a: Vector3, b: Vector3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

function cross(a: Vector3, b: Vector3): Vector3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function normalize(v: Vector3): Vector3 {
  const length = Math.hypot(v[0], v[1], v[2]);
  return [v[0] / length, v[1] / length, v[2] / length];
}

/**
 * Where (pitch, yaw) appears in a viewport of `width` x `height` pixels, as three.js's perspective
 * camera pointed with lookAt (world up +y) draws it; null when it is behind the camera or outside
 * the picture.
 */
export function projectToViewport(
  target: Angles,
  view: View,
  width: number,
  height: number,
): { x: number; y: number } | null {
  if (width <= 0 || height <= 0) return null;
  const forward = directionFromAngles(view);
  const right = normalize(cross(forward, [0, 1, 0]));
  const up = cross(right, forward);
  const point = directionFromAngles(target);
  const depth = dot(point, forward);
  if (depth <= 1e-6) return null;
  const halfHeight = Math.tan((view.fov * RAD) / 2);
  const halfWidth = halfHeight * (width / height);
  const ndcX = dot(point, right) / depth / halfWidth;
  const ndcY = dot(point, up) / depth / halfHeight;
  if (Math.abs(ndcX) > 1 || Math.abs(ndcY) > 1) return null;
  return { x: ((ndcX + 1) / 2) * width, y: ((1 - ndcY) / 2) * height };
}

/**
 * The view after the pointer moved (dx, dy) pixels over a viewport `height` pixels tall: the picture
 * follows the finger, so dragging right turns the view left.
 */
export function dragView(view: View, dx: number, dy: number, height: number): View {
  const degreesPerPixel = view.fov / Math.max(height, 1);
  return normalizeView({
    ...view,
    yaw: view.yaw - dx * degreesPerPixel,
    pitch: view.pitch + dy * degreesPerPixel,
  });
}

/** Zoom by a factor on the field of view (below 1 zooms in). */
export function zoomView(view: View, factor: number): View {
  return normalizeView({ ...view, fov: view.fov * factor });
}

export const KEY_STEP_DEGREES = 5;
const KEY_ZOOM_FACTOR = 0.9;

/**
 * The view after a key press in the focused viewer (arrows turn it, + or = and - zoom), or null
 * for keys the viewer leaves alone.
 */
export function viewAfterKey(view: View, key: string): View | null {
  const turn = (pitch: number, yaw: number) =>
    normalizeView({ ...view, pitch: view.pitch + pitch, yaw: view.yaw + yaw });
  switch (key) {
    case 'ArrowLeft':
      return turn(0, -KEY_STEP_DEGREES);
    case 'ArrowRight':
      return turn(0, KEY_STEP_DEGREES);
    case 'ArrowUp':
      return turn(KEY_STEP_DEGREES, 0);
    case 'ArrowDown':
      return turn(-KEY_STEP_DEGREES, 0);
    case '+':
    case '=':
      return zoomView(view, KEY_ZOOM_FACTOR);
    case '-':
      return zoomView(view, 1 / KEY_ZOOM_FACTOR);
    default:
      return null;
  }
}

/** (pitch, yaw) as a fraction of the flat equirectangular image, from its top-left corner. */
export function equirectangularPosition({ pitch, yaw }: Angles): { left: number; top: number } {
  return { left: (normalizeYaw(yaw) + 180) / 360, top: (90 - clampPitch(pitch)) / 180 };
}

/**
 * Where a view points, in whole degrees and plain words for people: "40° left, 12° up",
 * "straight ahead, level". Turning is measured from the centre of the picture, tilting from the horizon.
 */
export function describeAngles({ pitch, yaw }: Angles): string {
  const turn = Math.round(normalizeYaw(yaw));
  const tilt = Math.round(pitch);
  const across = turn === 0 ? 'straight ahead' : `${Math.abs(turn)}° ${turn > 0 ? 'right' : 'left'}`;
  const upDown = tilt === 0 ? 'level' : `${Math.abs(tilt)}° ${tilt > 0 ? 'up' : 'down'}`;
  return `${across}, ${upDown}`;
}
