/**
 * The time zone a property's wall-clock times are written in (its history download today, its visits
 * next). A property is where the work happens, so its zone, not the reader's, says when a job was done.
 */

/** FieldBid serves Colorado's Front Range: a property staff did not place elsewhere is there. */
export const DEFAULT_PROPERTY_TIME_ZONE = 'America/Denver';

/** The zones a property may be in: the United States' own, by their IANA names. */
export const PROPERTY_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
] as const;

export type PropertyTimeZone = (typeof PROPERTY_TIME_ZONES)[number];

/** How the zones read in a picker. */
export const PROPERTY_TIME_ZONE_LABELS: Record<PropertyTimeZone, string> = {
  'America/New_York': 'Eastern (New York)',
  'America/Chicago': 'Central (Chicago)',
  'America/Denver': 'Mountain (Denver)',
  'America/Phoenix': 'Mountain, no daylight saving (Phoenix)',
  'America/Los_Angeles': 'Pacific (Los Angeles)',
  'America/Anchorage': 'Alaska (Anchorage)',
  'Pacific/Honolulu': 'Hawaii (Honolulu)',
};
