import { describe, expect, it } from 'vitest';
import { managerConversationPath, managerRequestPath } from '#app/route-paths.ts';
import { businessDayBefore, workQueueHref } from '#shared/work-queue-kinds.ts';

describe("the work queue's links", () => {
  it("lead where the app's routes are: the request's detail, or the thread with the vendor", () => {
    expect(workQueueHref('bids_to_review', 43, null)).toBe(managerRequestPath(43));
    expect(workQueueHref('completion_to_confirm', 43, 7)).toBe(managerRequestPath(43));
    expect(workQueueHref('visit_to_confirm', 43, 7)).toBe(managerRequestPath(43));
    expect(workQueueHref('overdue_visit', 43, 7)).toBe(managerRequestPath(43));
    expect(workQueueHref('unanswered_message', 43, 7)).toBe(managerConversationPath(43, 7));
  });
});

describe('one business day before a moment', () => {
  const at = (iso: string) => new Date(iso);

  it('is 24 hours back within the week', () => {
    // Wednesday 10:00 in Denver (UTC-7 in December) → Tuesday 10:00.
    expect(businessDayBefore(at('2026-12-09T17:00:00Z'), 'America/Denver')).toEqual(
      at('2026-12-08T17:00:00Z'),
    );
  });

  it('skips the weekend: Monday 10:00 → Friday 10:00', () => {
    expect(businessDayBefore(at('2026-12-14T17:00:00Z'), 'America/Denver')).toEqual(
      at('2026-12-11T17:00:00Z'),
    );
  });

  it('counts nothing of a weekend: Saturday or Sunday → Thursday midnight (the end of Friday back 24 h)', () => {
    // Saturday noon and Sunday evening in Denver: Friday's whole day is the business day.
    expect(businessDayBefore(at('2026-12-12T19:00:00Z'), 'America/Denver')).toEqual(
      at('2026-12-11T07:00:00Z'),
    );
    expect(businessDayBefore(at('2026-12-14T02:00:00Z'), 'America/Denver')).toEqual(
      at('2026-12-11T07:00:00Z'),
    );
  });

  it("reads the weekend in the property's zone", () => {
    // Monday 03:00 UTC is still Sunday evening in Denver, already Monday in UTC.
    const moment = at('2026-12-14T03:00:00Z');
    expect(businessDayBefore(moment, 'America/Denver')).toEqual(at('2026-12-11T07:00:00Z'));
    expect(businessDayBefore(moment, 'UTC')).toEqual(at('2026-12-11T03:00:00Z'));
  });
});
