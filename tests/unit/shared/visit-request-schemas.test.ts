import { describe, expect, it } from 'vitest';
import { earliestVisitDate, formatVisitChoice } from '#shared/visit-request-schemas.ts';

describe('earliestVisitDate', () => {
  it('is the date that is still today somewhere (UTC−12)', () => {
    // 11:00 UTC on May 6 is still May 5 in UTC−12; 13:00 UTC is May 6 everywhere.
    expect(earliestVisitDate(new Date('2031-05-06T11:00:00Z'))).toBe('2031-05-05');
    expect(earliestVisitDate(new Date('2031-05-06T13:00:00Z'))).toBe('2031-05-06');
  });
});

describe('formatVisitChoice', () => {
  it('writes the calendar date the same in every time zone, with the time of day', () => {
    expect(formatVisitChoice('2031-05-06', 'morning')).toBe('Tue, May 6, 2031, morning (8 am – 12 pm)');
    expect(formatVisitChoice('2031-12-31', 'afternoon')).toBe('Wed, Dec 31, 2031, afternoon (12 – 5 pm)');
  });
});
