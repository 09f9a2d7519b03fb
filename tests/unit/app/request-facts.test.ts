import { describe, expect, it } from 'vitest';
import { areasAffectedText, urgencyFact } from '#app/requests/request-facts.ts';
import type { RequestSpot } from '#shared/request-spot.ts';
import { requestDetailAnswer } from './support/answer-fixtures.ts';

const spot = (area: RequestSpot['area']): RequestSpot => ({
  layout: { id: 1, name: 'Level 2', url: '/plan.png', width_px: 100, height_px: 80, feet_per_pixel: null },
  x: 10,
  y: 10,
  area,
  behind_wall: [],
});

describe("the request detail's facts", () => {
  it("shows a manager's request with the priority chosen, not the stored default timeline", () => {
    const request = requestDetailAnswer({ raised_by: 'manager', priority: 'high', timeframe: 'Urgent' });
    expect(urgencyFact(request)).toEqual({ label: 'Priority', text: 'High' });
  });

  it("shows a vendor's report, and a copy kept from before raised_by, with its timeline", () => {
    expect(urgencyFact(requestDetailAnswer({ raised_by: 'vendor', timeframe: '2 Weeks' }))).toEqual({
      label: 'Timeline',
      text: '2 Weeks',
    });
    expect(urgencyFact(requestDetailAnswer({ timeframe: null }))).toEqual({
      label: 'Timeline',
      text: 'Not specified',
    });
  });

  it('lists the areas, then the unit and what was marked on the floor plan', () => {
    expect(areasAffectedText(requestDetailAnswer({ areas_affected: [], unit: '204', spot: spot([]) }))).toBe(
      'Unit 204, Area marked on Level 2 (see the floor plan below)',
    );
    expect(
      areasAffectedText(requestDetailAnswer({ areas_affected: ['Kitchen'], unit: null, spot: spot(null) })),
    ).toBe('Kitchen, Spot marked on Level 2 (see the floor plan below)');
    expect(areasAffectedText(requestDetailAnswer({ areas_affected: [], unit: null, spot: null }))).toBe(
      'None listed',
    );
  });
});
