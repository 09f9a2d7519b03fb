// @vitest-environment jsdom

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addHotspot,
  clearHotspots,
  PANORAMA_HOTSPOTS_KEY,
  readHotspots,
} from '#app/lib/panorama-hotspot-store.ts';

const PHOTO = 'data:image/jpeg;base64,/9j/4AAQ';

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('panorama hotspot store', () => {
  it('starts empty and keeps added hotspots in order with increasing ids', () => {
    expect(readHotspots()).toEqual([]);
    const first = addHotspot({ pitch: 10, yaw: -20, photoUrl: PHOTO });
    const second = addHotspot({ pitch: -5, yaw: 170, photoUrl: PHOTO });
    expect(first).toEqual({ ok: true, hotspots: [{ id: 1, pitch: 10, yaw: -20, photoUrl: PHOTO }] });
    expect(second.ok && second.hotspots.map((hotspot) => hotspot.id)).toEqual([1, 2]);
    expect(readHotspots()).toEqual([
      { id: 1, pitch: 10, yaw: -20, photoUrl: PHOTO },
      { id: 2, pitch: -5, yaw: 170, photoUrl: PHOTO },
    ]);
  });

  it('keeps them under a versioned key', () => {
    addHotspot({ pitch: 0, yaw: 0, photoUrl: PHOTO });
    expect(PANORAMA_HOTSPOTS_KEY).toMatch(/\.v\d+$/);
    expect(JSON.parse(localStorage.getItem(PANORAMA_HOTSPOTS_KEY)!)).toHaveLength(1);
  });

  it('reads unparsable or non-list data as no hotspots', () => {
    localStorage.setItem(PANORAMA_HOTSPOTS_KEY, '{not json');
    expect(readHotspots()).toEqual([]);
    localStorage.setItem(PANORAMA_HOTSPOTS_KEY, '{"id":1}');
    expect(readHotspots()).toEqual([]);
  });

  it('skips malformed entries and repeated ids but keeps the good ones', () => {
    localStorage.setItem(
      PANORAMA_HOTSPOTS_KEY,
      JSON.stringify([
        { id: 1, pitch: 0, yaw: 0, photoUrl: PHOTO },
        { id: 2, pitch: 120, yaw: 0, photoUrl: PHOTO },
        { id: 3, pitch: 0, yaw: 0, photoUrl: 'javascript:alert(1)' },
        { id: 1, pitch: 5, yaw: 5, photoUrl: PHOTO },
        null,
        'text',
        { id: 4, pitch: 0, yaw: 0 },
        { id: 5, pitch: -30, yaw: 90, photoUrl: PHOTO },
      ]),
    );
    expect(readHotspots().map((hotspot) => hotspot.id)).toEqual([1, 5]);
    // The next id follows the highest good one.
    const added = addHotspot({ pitch: 0, yaw: 0, photoUrl: PHOTO });
    expect(added.ok && added.hotspots.map((hotspot) => hotspot.id)).toEqual([1, 5, 6]);
  });

  it('reports a full storage and keeps what was stored before', () => {
    addHotspot({ pitch: 0, yaw: 0, photoUrl: PHOTO });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(addHotspot({ pitch: 1, yaw: 1, photoUrl: PHOTO })).toEqual({ ok: false, reason: 'full' });
    expect(readHotspots()).toHaveLength(1);
  });

  it('reports blocked storage as unavailable, and reads it as empty', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(addHotspot({ pitch: 0, yaw: 0, photoUrl: PHOTO })).toEqual({ ok: false, reason: 'unavailable' });
    expect(readHotspots()).toEqual([]);
  });

  it('refuses a hotspot that is out of range or not an image', () => {
    expect(() => addHotspot({ pitch: 91, yaw: 0, photoUrl: PHOTO })).toThrow();
    expect(() => addHotspot({ pitch: 0, yaw: 0, photoUrl: 'https://example.com/a.jpg' })).toThrow();
  });

  it('clears every hotspot', () => {
    addHotspot({ pitch: 0, yaw: 0, photoUrl: PHOTO });
    expect(clearHotspots()).toEqual({ ok: true, hotspots: [] });
    expect(readHotspots()).toEqual([]);
    expect(localStorage.getItem(PANORAMA_HOTSPOTS_KEY)).toBeNull();
  });
});
