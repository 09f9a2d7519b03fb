import { describe, expect, it } from 'vitest';
import { csvField, historyCsv, historyFileName, zonedTimeWriter } from '#server/projects/history-csv.ts';

describe('csvField', () => {
  it('quotes every field and doubles inner quotes', () => {
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
    expect(csvField(450)).toBe('"450"');
    expect(csvField(null)).toBe('""');
  });

  it('keeps a spreadsheet from running text as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('-5')).toBe('"\'-5"');
    expect(csvField(-5)).toBe('"-5"');
  });
});

describe('historyCsv', () => {
  it('writes a header row and one row per job with CRLF line ends', () => {
    const csv = historyCsv(
      [
        {
          id: 7,
          type: 'Plumbing',
          description: 'Leak\nunder sink',
          unit: null,
          vendor: 'Pipes Inc',
          cost: 450,
          awarded_option: null,
          created: new Date('2026-01-02T03:04:05Z'),
          started: new Date('2026-01-03T00:00:00Z'),
          completed: new Date('2026-01-04T00:00:00Z'),
          completion_note: 'Replaced trap',
          photos: [
            { id: 1, url: '/api/files/a.jpg' },
            { id: 2, url: '/api/files/b.jpg' },
          ],
        },
      ],
      { timeZone: 'America/New_York', origin: 'https://app.example' },
    );
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      '"Request ID","Type","Description","Unit","Vendor","Cost (USD)","Created (America/New_York)","Started (America/New_York)","Completed (America/New_York)","Completion note","Photos"',
    );
    expect(lines[1]).toBe(
      '"#7","Plumbing","Leak\nunder sink","","Pipes Inc","450","2026-01-01 22:04","2026-01-02 19:00","2026-01-03 19:00","Replaced trap","https://app.example/api/files/a.jpg https://app.example/api/files/b.jpg"',
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
  });
});

describe('zonedTimeWriter', () => {
  it("writes the zone's wall clock, 24-hour, across a change of daylight saving time", () => {
    const denver = zonedTimeWriter('America/Denver');
    expect(denver(new Date('2026-03-08T08:59:00Z'))).toBe('2026-03-08 01:59');
    expect(denver(new Date('2026-03-08T09:00:00Z'))).toBe('2026-03-08 03:00');
    expect(denver(new Date('2026-07-01T06:00:00Z'))).toBe('2026-07-01 00:00');
    expect(denver(null)).toBeNull();
  });
});

describe('historyFileName', () => {
  it('makes a safe file name from the property name', () => {
    expect(historyFileName('Harbor View "East"', 3)).toBe('harbor-view-east-maintenance-history.csv');
    expect(historyFileName('***', 3)).toBe('property-3-maintenance-history.csv');
  });
});
