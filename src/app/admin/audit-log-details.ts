import type { AuditEntry } from '#shared/admin-audit-log.ts';

/** A stored value as a reader sees it: text as it is, nothing as a dash, the rest as JSON. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return JSON.stringify(value);
}

const fieldName = (key: string) => key.replaceAll('_', ' ');

/**
 * An entry's details as short lines for the list: `{changes: {field: {from, to}}}` reads
 * "price: 139 → 149", a rejection "reason: …", anything else "key: value". The property id that
 * documentation entries carry is already in their label, so it is left out.
 */
export function detailLines(entry: Pick<AuditEntry, 'details'>): string[] {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(entry.details ?? {})) {
    if (key === 'property_id') continue;
    if (key === 'changes' && value !== null && typeof value === 'object') {
      for (const [field, change] of Object.entries(
        value as Record<string, { from?: unknown; to?: unknown }>,
      )) {
        lines.push(`${fieldName(field)}: ${shown(change?.from)} → ${shown(change?.to)}`);
      }
      continue;
    }
    lines.push(`${fieldName(key)}: ${Array.isArray(value) ? value.map(shown).join(', ') : shown(value)}`);
  }
  return lines;
}
