import { readPage } from '#app/ui/list-url-params.ts';
import { AUDIT_ACTIONS, type AuditAction } from '#shared/admin-audit-log.ts';

/**
 * What the Audit log shows, kept in the URL so a link opens the same list:
 * `?action=plan.update&actor=sue&from=2026-03-01&to=2026-03-04&page=2`. The days are the reader's
 * own calendar days; the list call turns them into instants (the server does not know the zone).
 */
export interface AuditLogView {
  action: AuditAction | null;
  /** Words to find in the actor's email or name ('' for none). */
  actor: string;
  /** Inclusive calendar days, `YYYY-MM-DD`, or null. */
  from: string | null;
  to: string | null;
  page: number;
}

export const EMPTY_AUDIT_FILTERS = { action: null, actor: '', from: null, to: null } as const;

/** A real calendar day as `YYYY-MM-DD`, else null (a hand-edited URL falls back to no filter). */
export function readDay(value: string | null): string | null {
  if (value === null || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day
    ? value
    : null;
}

export function readAuditLogView(params: URLSearchParams): AuditLogView {
  const action = params.get('action');
  return {
    action: AUDIT_ACTIONS.includes(action as AuditAction) ? (action as AuditAction) : null,
    actor: (params.get('actor') ?? '').trim(),
    from: readDay(params.get('from')),
    to: readDay(params.get('to')),
    page: readPage(params.get('page')),
  };
}

/** The view as URL parameters, leaving out the defaults. */
export function auditLogViewParams(view: AuditLogView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.action) params.set('action', view.action);
  if (view.actor) params.set('actor', view.actor);
  if (view.from) params.set('from', view.from);
  if (view.to) params.set('to', view.to);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** The start of a local calendar day, or its last millisecond, as an instant the API takes. */
function localInstant(day: string, end: boolean): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return (
    end ? new Date(year, month - 1, date, 23, 59, 59, 999) : new Date(year, month - 1, date)
  ).toISOString();
}

/** The list call's query for a view: the reader's days as instants, both ends inclusive. */
export function auditLogQuery(view: AuditLogView): Record<string, string | number | undefined> {
  return {
    page: view.page,
    action: view.action ?? undefined,
    actor: view.actor || undefined,
    from: view.from ? localInstant(view.from, false) : undefined,
    to: view.to ? localInstant(view.to, true) : undefined,
  };
}
