import { describe, expect, it } from 'vitest';
import { SendPace } from '#server/schedule/send-pace.ts';

describe('SendPace', () => {
  it('hands out at most rate × period turns, each a gap after the one before, even when asked at once', async () => {
    const pace = new SendPace(20, 200);
    expect(pace.left).toBe(4);
    const began: number[] = [];
    const turns = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const ok = await pace.turn();
        if (ok) began.push(Date.now());
        return ok;
      }),
    );
    expect(turns).toEqual([true, true, true, true, false, false]);
    expect(pace.left).toBe(0);
    for (let k = 1; k < began.length; k += 1) expect(began[k]! - began[k - 1]!).toBeGreaterThanOrEqual(49);
  });
});
