import { describe, expect, it } from 'vitest';
import { detailLines } from '#app/admin/audit-log-details.ts';
import { auditLogQuery, auditLogViewParams, readAuditLogView, readDay } from '#app/admin/audit-log-view.ts';
import { auditLogQuerySchema } from '#shared/admin-audit-log.ts';

describe('the Audit log view in the URL', () => {
  it('has no filters and page 1 by default, and writes nothing for it', () => {
    const view = readAuditLogView(new URLSearchParams());
    expect(view).toEqual({ action: null, actor: '', from: null, to: null, page: 1 });
    expect(auditLogViewParams(view).toString()).toBe('');
  });

  it('reads and writes the action, actor, days and page', () => {
    const query = 'action=plan.update&actor=sue&from=2026-03-01&to=2026-03-04&page=2';
    const view = readAuditLogView(new URLSearchParams(query));
    expect(view).toEqual({
      action: 'plan.update',
      actor: 'sue',
      from: '2026-03-01',
      to: '2026-03-04',
      page: 2,
    });
    expect(auditLogViewParams(view).toString()).toBe(query);
  });

  it('drops what a hand-edited URL gets wrong instead of failing', () => {
    expect(
      readAuditLogView(new URLSearchParams('action=plan.explode&from=2026-02-30&to=soon&page=x')),
    ).toEqual({
      action: null,
      actor: '',
      from: null,
      to: null,
      page: 1,
    });
    expect(readDay('2024-02-29')).toBe('2024-02-29');
    expect(readDay('2023-02-29')).toBeNull();
  });

  it("sends the reader's days as instants from local midnight to the day's last millisecond", () => {
    const query = auditLogQuery({ action: null, actor: '', from: '2026-03-01', to: '2026-03-04', page: 1 });
    const from = new Date(query.from as string);
    const to = new Date(query.to as string);
    expect([from.getFullYear(), from.getMonth(), from.getDate(), from.getHours(), from.getMinutes()]).toEqual(
      [2026, 2, 1, 0, 0],
    );
    expect([to.getDate(), to.getHours(), to.getMinutes(), to.getSeconds(), to.getMilliseconds()]).toEqual([
      4, 23, 59, 59, 999,
    ]);
    expect(query).toMatchObject({ page: 1, action: undefined, actor: undefined });
    // The server's own schema takes them, and the range covers the last day to its end.
    const parsed = auditLogQuerySchema.parse(query);
    expect(parsed.from?.getTime()).toBe(from.getTime());
    expect(parsed.before?.getTime()).toBe(to.getTime() + 1);
  });
});

describe('the query schema', () => {
  it('takes a day as the whole UTC day and an instant as itself', () => {
    const days = auditLogQuerySchema.parse({ from: '2026-03-01', to: '2026-03-01' });
    expect(days.from?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(days.before?.toISOString()).toBe('2026-03-02T00:00:00.000Z');
    const instants = auditLogQuerySchema.parse({
      from: '2026-03-01T10:00:00-07:00',
      to: '2026-03-01T18:00:00Z',
    });
    expect(instants.from?.toISOString()).toBe('2026-03-01T17:00:00.000Z');
    expect(instants.before?.toISOString()).toBe('2026-03-01T18:00:00.001Z');
  });
});

describe('entry details as lines', () => {
  it('shows changes as before → after, lists, and leaves out the property id', () => {
    expect(
      detailLines({
        details: {
          changes: { price: { from: 49, to: 59 }, stripe_price_id: { from: null, to: 'price_1' } },
          units: ['101', '102'],
          property_id: 4,
          sessions_ended: 2,
          replaced: false,
        },
      }),
    ).toEqual([
      'price: 49 → 59',
      'stripe price id: — → price_1',
      'units: 101, 102',
      'sessions ended: 2',
      'replaced: no',
    ]);
    expect(detailLines({ details: null })).toEqual([]);
  });
});
