import { requestNumber } from '#shared/display-names.ts';
import type { HistoryEntry } from './project-history.ts';

const HEADER = [
  'Request ID',
  'Type',
  'Description',
  'Unit',
  'Vendor',
  'Cost (USD)',
  'Created',
  'Started',
  'Completed',
  'Completion note',
  'Photos',
];

/**
 * One CSV field, always quoted (RFC 4180: inner quotes doubled). Text starting with = + - @ or a
 * tab/return is prefixed with ' so a spreadsheet shows it instead of running it as a formula.
 */
export function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

const iso = (moment: Date | null) => (moment ? moment.toISOString() : null);

/** The maintenance history as CSV: a header row, then one row per job, CRLF line ends. */
export function historyCsv(entries: readonly HistoryEntry[]): string {
  const rows = entries.map((entry) => [
    requestNumber(entry.id),
    entry.type,
    entry.description,
    entry.unit,
    entry.vendor,
    entry.cost,
    iso(entry.created),
    iso(entry.started),
    iso(entry.completed),
    entry.completion_note,
    entry.photos.map((photo) => photo.url).join(' '),
  ]);
  return [HEADER, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

/** A file name from the property's name: letters and digits only, so the header needs no escaping. */
export function historyFileName(projectName: string, projectId: number): string {
  const slug = projectName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || `property-${projectId}`}-maintenance-history.csv`;
}
