import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import type { MapSettings } from '#shared/places.ts';

/** A point on the map: a job (blue) or one of today's visits (orange). */
export interface MapPoint {
  key: string;
  latitude: number;
  longitude: number;
  label: string;
  kind: 'job' | 'visit';
}

const COLORS = { job: '#1c7ed6', visit: '#e8590c' } as const;

/**
 * Leaflet, in its own chunk (only /vendor/map loads it). Points are vector circles (no marker images
 * to fetch); tiles come from MAP_TILE_URL, and `onTilesFailed` is told when one cannot load (offline,
 * or the tile server out of reach), so the page can say the list has everything.
 */
export function JobsMap({
  settings,
  center,
  points,
  onTilesFailed,
}: {
  settings: MapSettings;
  center: { latitude: number; longitude: number } | null;
  points: MapPoint[];
  onTilesFailed: () => void;
}) {
  const element = useRef<HTMLElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const failed = useRef(onTilesFailed);
  failed.current = onTilesFailed;

  useEffect(() => {
    if (!element.current) return;
    const created = L.map(element.current, { zoomControl: true, attributionControl: true });
    const tiles = L.tileLayer(settings.tile_url, { attribution: settings.attribution, maxZoom: 19 });
    let told = false;
    tiles.on('tileerror', () => {
      if (told) return;
      told = true;
      failed.current();
    });
    tiles.addTo(created);
    layer.current = L.layerGroup().addTo(created);
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
    };
  }, [settings.tile_url, settings.attribution]);

  useEffect(() => {
    const created = map.current;
    const group = layer.current;
    if (!created || !group) return;
    group.clearLayers();
    const bounds: L.LatLngExpression[] = [];
    if (center) {
      L.circleMarker([center.latitude, center.longitude], {
        radius: 6,
        color: '#212529',
        fillColor: '#212529',
        fillOpacity: 1,
      })
        .bindTooltip('You')
        .addTo(group);
      bounds.push([center.latitude, center.longitude]);
    }
    for (const point of points) {
      L.circleMarker([point.latitude, point.longitude], {
        radius: 9,
        color: COLORS[point.kind],
        fillColor: COLORS[point.kind],
        fillOpacity: 0.7,
      })
        .bindTooltip(point.label)
        .addTo(group);
      bounds.push([point.latitude, point.longitude]);
    }
    if (bounds.length > 1) created.fitBounds(L.latLngBounds(bounds), { padding: [24, 24], maxZoom: 14 });
    else if (bounds.length === 1) created.setView(bounds[0]!, 13);
    else created.setView([20, 0], 2);
  }, [center, points]);

  return (
    <section
      ref={element}
      aria-label="Map of jobs and visits"
      style={{ height: '100%', minHeight: 260, width: '100%', borderRadius: 8 }}
    />
  );
}
