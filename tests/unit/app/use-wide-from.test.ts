import { describe, expect, it } from 'vitest';
import { widthMatches } from '#app/ui/use-wide-from.ts';

// A server render of a signed-in page is laid out for the width the server guessed (a phone's or a
// desktop's), which the browser's hydration takes too: the theme's (min-width) queries decide.
describe('widthMatches', () => {
  it('reads em (16px) and px widths, inclusive', () => {
    expect(widthMatches('(min-width: 64em)', 1024)).toBe(true);
    expect(widthMatches('(min-width: 64em)', 1023)).toBe(false);
    expect(widthMatches('(min-width: 48em)', 375)).toBe(false);
    expect(widthMatches('(min-width: 48em)', 1280)).toBe(true);
    expect(widthMatches('(min-width: 600px)', 600)).toBe(true);
    expect(widthMatches('(min-width: 36.5em)', 584)).toBe(true);
  });

  it('refuses a query it cannot decide rather than guess', () => {
    expect(() => widthMatches('(max-width: 48em)', 375)).toThrow(/not a \(min-width\) query/);
  });
});
