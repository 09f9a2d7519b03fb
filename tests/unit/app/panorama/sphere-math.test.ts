import { describe, expect, it } from 'vitest';
import {
  anglesFromDirection,
  clampFov,
  clampPitch,
  DEFAULT_VIEW,
  directionFromAngles,
  dragView,
  equirectangularPosition,
  MAX_FOV,
  MAX_VIEW_PITCH,
  MIN_FOV,
  normalizeView,
  normalizeYaw,
  projectToViewport,
  viewAfterKey,
  zoomView,
} from '#app/panorama/sphere-math.ts';

function expectVector(actual: readonly number[], expected: readonly number[]) {
  for (const [i, value] of actual.entries()) expect(value).toBeCloseTo(expected[i]!, 9);
}

describe('normalizeYaw', () => {
  it.each([
    [0, 0],
    [179, 179],
    [180, -180],
    [-180, -180],
    [190, -170],
    [-190, 170],
    [720 + 45, 45],
    [-720 - 45, -45],
  ])('wraps %d to %d', (yaw, expected) => {
    expect(normalizeYaw(yaw)).toBeCloseTo(expected, 9);
  });

  it('never answers -0', () => {
    expect(Object.is(normalizeYaw(-360), 0)).toBe(true);
  });
});

describe('clamping', () => {
  it('keeps pitch within the poles, or a tighter limit', () => {
    expect(clampPitch(120)).toBe(90);
    expect(clampPitch(-120)).toBe(-90);
    expect(clampPitch(30, 20)).toBe(20);
  });

  it('keeps the field of view between its bounds', () => {
    expect(clampFov(5)).toBe(MIN_FOV);
    expect(clampFov(500)).toBe(MAX_FOV);
    expect(clampFov(60)).toBe(60);
  });

  it('stops the view short of the poles and wraps its yaw', () => {
    expect(normalizeView({ pitch: 90, yaw: 200, fov: 10 })).toEqual({
      pitch: MAX_VIEW_PITCH,
      yaw: -160,
      fov: MIN_FOV,
    });
  });
});

describe('direction vectors', () => {
  it('looks towards -x at the image centre, right towards -z, up along +y', () => {
    expectVector(directionFromAngles({ pitch: 0, yaw: 0 }), [-1, 0, 0]);
    expectVector(directionFromAngles({ pitch: 0, yaw: 90 }), [0, 0, -1]);
    expectVector(directionFromAngles({ pitch: 0, yaw: -90 }), [0, 0, 1]);
    expectVector(directionFromAngles({ pitch: 90, yaw: 0 }), [0, 1, 0]);
  });

  it('gives unit vectors', () => {
    const [x, y, z] = directionFromAngles({ pitch: 33, yaw: -121 });
    expect(Math.hypot(x, y, z)).toBeCloseTo(1, 12);
  });

  it.each([
    { pitch: 0, yaw: 0 },
    { pitch: 45, yaw: 120 },
    { pitch: -60, yaw: -170 },
    { pitch: 10, yaw: -180 },
  ])('turns %o into a vector and back', (angles) => {
    const back = anglesFromDirection(directionFromAngles(angles));
    expect(back.pitch).toBeCloseTo(angles.pitch, 9);
    expect(back.yaw).toBeCloseTo(angles.yaw, 9);
  });

  it('reads any length of vector, and straight up with yaw 0', () => {
    expect(anglesFromDirection([-5, 0, 0])).toEqual({ pitch: 0, yaw: 0 });
    expect(anglesFromDirection([0, 3, 0])).toEqual({ pitch: 90, yaw: 0 });
    expect(anglesFromDirection([0, 0, 0])).toEqual({ pitch: 0, yaw: 0 });
  });
});

describe('projectToViewport', () => {
  const view = { pitch: 0, yaw: 0, fov: 90 };

  it('puts the centre of the view in the middle of the viewport', () => {
    const at = projectToViewport({ pitch: 0, yaw: 0 }, view, 800, 400)!;
    expect(at.x).toBeCloseTo(400, 9);
    expect(at.y).toBeCloseTo(200, 9);
  });

  it('puts a point half the vertical field of view up at the top edge', () => {
    const at = projectToViewport({ pitch: 45, yaw: 0 }, view, 400, 400)!;
    expect(at.y).toBeCloseTo(0, 9);
    expect(at.x).toBeCloseTo(200, 9);
  });

  it('puts a point to the right (positive yaw) right of the middle', () => {
    const at = projectToViewport({ pitch: 0, yaw: 20 }, view, 400, 400)!;
    expect(at.x).toBeCloseTo(200 + 200 * Math.tan((20 * Math.PI) / 180), 9);
    expect(at.y).toBeCloseTo(200, 9);
  });

  it('follows the view across the ±180° seam', () => {
    const at = projectToViewport({ pitch: 0, yaw: -175 }, { pitch: 0, yaw: 175, fov: 60 }, 600, 600);
    expect(at).not.toBeNull();
    expect(at!.x).toBeGreaterThan(300);
  });

  it('hides points behind the camera or outside the picture', () => {
    expect(projectToViewport({ pitch: 0, yaw: 180 }, view, 400, 400)).toBeNull();
    expect(projectToViewport({ pitch: 0, yaw: 80 }, view, 400, 400)).toBeNull();
    expect(projectToViewport({ pitch: 0, yaw: 0 }, view, 0, 400)).toBeNull();
  });

  it('keeps a point at the view centre when the view is tilted', () => {
    const tilted = { pitch: 30, yaw: -50, fov: 70 };
    const at = projectToViewport(tilted, tilted, 320, 240)!;
    expect(at.x).toBeCloseTo(160, 9);
    expect(at.y).toBeCloseTo(120, 9);
  });
});

describe('dragging and zooming', () => {
  it('turns the view left when the picture is dragged right, by the field of view per viewport height', () => {
    const moved = dragView(DEFAULT_VIEW, 100, 0, 750);
    expect(moved.yaw).toBeCloseTo(-10, 9);
    expect(moved.pitch).toBe(0);
  });

  it('looks up when the picture is dragged down, never past the pole limit', () => {
    expect(dragView(DEFAULT_VIEW, 0, 100, 750).pitch).toBeCloseTo(10, 9);
    expect(dragView(DEFAULT_VIEW, 0, 100_000, 750).pitch).toBe(MAX_VIEW_PITCH);
  });

  it('zooms by a factor on the field of view within bounds', () => {
    expect(zoomView(DEFAULT_VIEW, 0.8).fov).toBeCloseTo(60, 9);
    expect(zoomView(DEFAULT_VIEW, 100).fov).toBe(MAX_FOV);
  });
});

describe('equirectangularPosition', () => {
  it('maps yaw to the width and pitch to the height of the flat image', () => {
    expect(equirectangularPosition({ pitch: 0, yaw: 0 })).toEqual({ left: 0.5, top: 0.5 });
    expect(equirectangularPosition({ pitch: 90, yaw: -180 })).toEqual({ left: 0, top: 0 });
    expect(equirectangularPosition({ pitch: -45, yaw: 90 })).toEqual({ left: 0.75, top: 0.75 });
  });
});

describe('viewAfterKey', () => {
  it('turns with the arrows, wrapping yaw and stopping short of the poles', () => {
    expect(viewAfterKey({ pitch: 0, yaw: 178, fov: 75 }, 'ArrowRight')).toEqual({
      pitch: 0,
      yaw: -177,
      fov: 75,
    });
    expect(viewAfterKey(DEFAULT_VIEW, 'ArrowLeft')?.yaw).toBe(-5);
    expect(viewAfterKey(DEFAULT_VIEW, 'ArrowUp')?.pitch).toBe(5);
    expect(viewAfterKey({ ...DEFAULT_VIEW, pitch: -MAX_VIEW_PITCH }, 'ArrowDown')?.pitch).toBe(
      -MAX_VIEW_PITCH,
    );
  });

  it('zooms in with + or = and out with -', () => {
    expect(viewAfterKey(DEFAULT_VIEW, '+')!.fov).toBeLessThan(DEFAULT_VIEW.fov);
    expect(viewAfterKey(DEFAULT_VIEW, '=')!.fov).toBeLessThan(DEFAULT_VIEW.fov);
    expect(viewAfterKey(DEFAULT_VIEW, '-')!.fov).toBeGreaterThan(DEFAULT_VIEW.fov);
  });

  it('leaves other keys to the page', () => {
    expect(viewAfterKey(DEFAULT_VIEW, 'Tab')).toBeNull();
    expect(viewAfterKey(DEFAULT_VIEW, 'Enter')).toBeNull();
  });
});
