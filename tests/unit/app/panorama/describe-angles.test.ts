import { describe, expect, it } from 'vitest';
import { describeAngles } from '#app/panorama/sphere-math.ts';

// People read where a 360° view points in plain words, never as "pitch" and "yaw".
describe('describeAngles', () => {
  it.each([
    [{ pitch: 0, yaw: 0 }, 'straight ahead, level'],
    [{ pitch: 0, yaw: 30 }, '30° right, level'],
    [{ pitch: 12.4, yaw: -40 }, '40° left, 12° up'],
    [{ pitch: -25, yaw: 0.2 }, 'straight ahead, 25° down'],
    [{ pitch: 0, yaw: 350 }, '10° left, level'],
    [{ pitch: -0.3, yaw: -0.4 }, 'straight ahead, level'],
  ])('writes %j as %j', (angles, expected) => {
    expect(describeAngles(angles)).toBe(expected);
  });
});
