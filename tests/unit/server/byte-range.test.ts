import { describe, expect, it } from 'vitest';
import { answerRange } from '#server/files/byte-range.ts';

const ETAG = '"abc"';
const ask = (header: string | undefined, ifRange?: string) => answerRange(header, ifRange, ETAG, 100);

describe('answerRange', () => {
  it('serves one range, clamped to the file', () => {
    expect(ask('bytes=0-9')).toEqual({ kind: 'partial', range: { start: 0, end: 9 } });
    expect(ask('bytes=90-')).toEqual({ kind: 'partial', range: { start: 90, end: 99 } });
    expect(ask('bytes=95-500')).toEqual({ kind: 'partial', range: { start: 95, end: 99 } });
    expect(ask('bytes=-10')).toEqual({ kind: 'partial', range: { start: 90, end: 99 } });
    expect(ask('bytes=-500')).toEqual({ kind: 'partial', range: { start: 0, end: 99 } });
  });

  it('serves the whole file for no range, several ranges, other units, nonsense or a stale If-Range', () => {
    for (const header of [undefined, 'bytes=0-1,5-6', 'items=0-1', 'bytes=5-2', 'bytes=-', 'bytes=a-b']) {
      expect(ask(header)).toEqual({ kind: 'full' });
    }
    expect(ask('bytes=0-9', '"other"')).toEqual({ kind: 'full' });
    expect(ask('bytes=0-9', 'Wed, 21 Oct 2015 07:28:00 GMT')).toEqual({ kind: 'full' });
    expect(ask('bytes=0-9', ETAG)).toMatchObject({ kind: 'partial' });
  });

  it('refuses a range past the end', () => {
    expect(ask('bytes=100-')).toEqual({ kind: 'unsatisfiable' });
    expect(ask('bytes=-0')).toEqual({ kind: 'unsatisfiable' });
    expect(answerRange('bytes=0-0', undefined, ETAG, 0)).toEqual({ kind: 'unsatisfiable' });
  });
});
