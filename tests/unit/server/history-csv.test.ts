import { describe, expect, it } from 'vitest';
import { csvField, historyCsv, historyFileName } from '#server/projects/history-csv.ts';

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
    const csv = historyCsv([
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
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      '"Request ID","Type","Description","Unit","Vendor","Cost (USD)","Created","Started","Completed","Completion note","Photos"',
    );
    expect(lines[1]).toBe(
      '"#7","Plumbing","Leak\nunder sink","","Pipes Inc","450","2026-01-02T03:04:05.000Z","2026-01-03T00:00:00.000Z","2026-01-04T00:00:00.000Z","Replaced trap","/api/files/a.jpg /api/files/b.jpg"',
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
  });
});

describe('historyFileName', () => {
  it('makes a safe file name from the property name', () => {
    expect(historyFileName('Harbor View "East"', 3)).toBe('harbor-view-east-maintenance-history.csv');
    expect(historyFileName('***', 3)).toBe('property-3-maintenance-history.csv');
  });
});
