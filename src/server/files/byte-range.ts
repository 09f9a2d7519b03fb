import type { ByteRange } from '#server/storage/file-store.ts';

export type RangeAnswer =
  | { kind: 'full' }
  | { kind: 'partial'; range: ByteRange }
  | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * What a `Range` header asks of a file of `size` bytes (RFC 9110, section 14). One range only: a
 * list of ranges, another unit or a malformed header gets the whole file, which the RFC allows.
 * `If-Range` must name the current ETag (a date cannot match: no Last-Modified is sent).
 */
export function answerRange(
  header: string | undefined,
  ifRange: string | undefined,
  etag: string,
  size: number,
): RangeAnswer {
  if (!header) return { kind: 'full' };
  if (ifRange !== undefined && ifRange.trim() !== etag) return { kind: 'full' };
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    // `-n`: the last n bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end } };
}
