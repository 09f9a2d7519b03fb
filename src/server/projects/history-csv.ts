import { requestNumber } from '#shared/display-names.ts';
import type { HistoryEntry } from './project-history.ts';

/** How the file writes times and links: the zone its times are in, and the origin links start with. */
export interface HistoryCsvOptions {
  /** An IANA zone this server knows, named in the time columns' headers. */
  timeZone: string;
  /** The public origin (PUBLIC_URL, no trailing slash) that makes the photo links absolute. */
  origin: string;
}

function header(timeZone: string): string[] {
  return [
    'Request ID',
    'Type',
    'Description',
    'Unit',
    'Vendor',
    'Cost (USD)',
    `Created (${timeZone})`,
    `Started (${timeZone})`,
    `Completed (${timeZone})`,
    'Completion note',
    'Photos',
  ];
}

/**
 * One CSV field, always quoted (RFC 4180: inner quotes doubled). Text starting with = + - @ or a
 * tab/return is prefixed with ' so a spreadsheet shows it instead of running it as a formula.
 */
export function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * Writes a moment as the zone's wall clock, YYYY-MM-DD HH:MM (24-hour), which spreadsheets read as
 * a date and time; the column's header names the zone.
 */
export function zonedTimeWriter(timeZone: string): (moment: Date | null) => string | null {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (moment) => {
    if (moment === null) return null;
    const parts = format.formatToParts(moment);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((one) => one.type === type)?.value;
    return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
  };
}

/**
 * The maintenance history as CSV: a header row, then one row per job, CRLF line ends. Times are in
 * `timeZone`; photo links are absolute, so they open from a spreadsheet (the reader's session lets
 * the browser fetch them, as on the History page).
 */
export function historyCsv(entries: readonly HistoryEntry[], options: HistoryCsvOptions): string {
  const { timeZone, origin } = options;
  const at = zonedTimeWriter(timeZone);
  const rows = entries.map((entry) => [
    requestNumber(entry.id),
    entry.type,
    entry.description,
    entry.unit,
    entry.vendor,
    entry.cost,
    at(entry.created),
    at(entry.started),
    at(entry.completed),
    entry.completion_note,
    entry.photos.map((photo) => `${origin}${photo.url}`).join(' '),
  ]);
  return [header(timeZone), ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

/** A file name from the property's name: letters and digits only, so the header needs no escaping. */
export function historyFileName(projectName: string, projectId: number): string {
  const slug = projectName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || `property-${projectId}`}-maintenance-history.csv`;
}
