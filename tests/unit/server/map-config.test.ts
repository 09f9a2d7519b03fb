import { describe, expect, it } from 'vitest';
import { loadConfig, tileOriginOf } from '#server/config/config.ts';
import { appContentSecurityPolicy } from '#server/http/content-security-policy.ts';
import { boundingBox } from '#server/jobs-list/nearby-jobs-store.ts';
import { directionsUrl } from '#shared/places.ts';

describe('the vendor map settings (MAP_TILE_URL)', () => {
  it("defaults to OpenStreetMap's tiles, whose origin alone joins the CSP's img-src", () => {
    const { map } = loadConfig({});
    expect(map).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      tileOrigin: 'https://tile.openstreetmap.org',
    });
    expect(appContentSecurityPolicy(map.tileOrigin)).toContain(
      "img-src 'self' data: blob: https://tile.openstreetmap.org;",
    );
  });

  it('takes a template of its own, a {s} subdomain as a CSP wildcard, and refuses one without {z}/{x}/{y}', () => {
    expect(tileOriginOf('https://{s}.tiles.example.com/v1/{z}/{x}/{y}.png')).toBe(
      'https://*.tiles.example.com',
    );
    expect(loadConfig({ MAP_TILE_URL: 'http://127.0.0.1:9000/{z}/{x}/{y}.png' }).map.tileOrigin).toBe(
      'http://127.0.0.1:9000',
    );
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.com/tile.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ MAP_TILE_URL: 'javascript:alert(1)//{z}/{x}/{y}' })).toThrow(/MAP_TILE_URL/);
  });
});

describe('nearby jobs geometry', () => {
  it('boxes a radius in degrees, wider in longitude away from the equator, whole near a pole', () => {
    const denver = boundingBox({ latitude: 39.74, longitude: -104.99 }, 50);
    expect(denver.maxLat - denver.minLat).toBeCloseTo(0.898, 2);
    expect(denver.maxLng - denver.minLng).toBeGreaterThan(1.16);
    expect(boundingBox({ latitude: 89.9, longitude: 0 }, 50)).toMatchObject({ minLng: -180, maxLng: 180 });
    expect(boundingBox({ latitude: 0, longitude: 179.9 }, 50)).toMatchObject({ minLng: -180, maxLng: 180 });
  });

  it('links directions to the coordinates, or to the address without them', () => {
    expect(directionsUrl({ latitude: 39.7207, longitude: -104.9543, address: '300 Fillmore St' })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=39.7207,-104.9543',
    );
    expect(directionsUrl({ latitude: null, longitude: null, address: '300 Fillmore St, Denver, CO' })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=300%20Fillmore%20St%2C%20Denver%2C%20CO',
    );
  });
});
