import type { VisitSide } from '#server/db/schema/job-visits.ts';
import { fileUrl } from '#server/request-core/request-progress.ts';
import type { RequestStatus } from '#shared/statuses.ts';
import type { Visit } from '#shared/visit-schemas.ts';
import { visitActions } from './visit-rules.ts';
import type { VisitEventRow, VisitRow } from './visit-store.ts';

const iso = (moment: Date | null) => moment?.toISOString() ?? null;
const MINUTE_MS = 60_000;

export interface VisitAsker {
  side: VisitSide;
  requestStatus: RequestStatus;
  timeZone: string;
}

/** A visit as the asker reads it: its state, its history and what the asker may do next. */
export function visitAnswer(
  row: VisitRow,
  details: { events: VisitEventRow[]; photoKeys: string[] },
  asker: VisitAsker,
): Visit {
  const expected =
    row.onMyWayAt !== null && row.etaMinutes !== null
      ? new Date(row.onMyWayAt.getTime() + row.etaMinutes * MINUTE_MS)
      : null;
  const minutesOnSite =
    row.arrivedAt !== null && row.leftAt !== null
      ? Math.max(0, Math.floor((row.leftAt.getTime() - row.arrivedAt.getTime()) / MINUTE_MS))
      : null;
  return {
    id: row.id,
    request_id: row.requestId,
    number: row.number,
    purpose: row.purpose,
    status: row.status,
    proposed_by: row.proposedBy,
    windows: row.windows,
    starts_at: iso(row.startsAt),
    ends_at: iso(row.endsAt),
    time_zone: asker.timeZone,
    on_my_way_at: iso(row.onMyWayAt),
    expected_arrival_at: iso(expected),
    arrived_at: iso(row.arrivedAt),
    arrival_distance_m: row.arrivalDistanceM,
    left_at: iso(row.leftAt),
    left_note: row.leftNote,
    another_visit_needed: row.anotherVisitNeeded,
    left_photos: details.photoKeys.map((key) => ({ url: fileUrl(key) })),
    minutes_on_site: minutesOnSite,
    allowed_actions: visitActions(row, asker.side, asker.requestStatus),
    calendar_url: `/api/visits/${row.id}/calendar.ics`,
    history: details.events.map((event) => ({
      event: event.event,
      recorded_at: event.recordedAt.toISOString(),
      happened_at: event.happenedAt.toISOString(),
      actor_role: event.actorRole,
      actor_name: event.actorName,
      note: event.note,
      windows: event.windows,
    })),
  };
}
