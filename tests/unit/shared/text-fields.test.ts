import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cleanHeaderText,
  DATE_MESSAGES,
  inDateRange,
  isoDateField,
  isoDateTimeField,
  lineText,
  multilineText,
  TEXT_MESSAGES,
  textProblem,
} from '#shared/text-fields.ts';
import { anyText } from '../../support/nasty-input.ts';

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('textProblem', () => {
  const controls = [
    ...Array.from({ length: 0x20 }, (_, code) => code).filter((code) => ![0x09, 0x0a, 0x0d].includes(code)),
    0x7f,
    ...Array.from({ length: 0x20 }, (_, index) => 0x80 + index),
  ];

  it.each(controls.map((code) => [code.toString(16).padStart(4, '0'), String.fromCharCode(code)]))(
    'refuses the control character U+%s in both kinds',
    (_, character) => {
      expect(textProblem(`a${character}b`, 'line')).toBe(TEXT_MESSAGES.control);
      expect(textProblem(`a${character}b`, 'lines')).toBe(TEXT_MESSAGES.control);
    },
  );

  it('lets tab through everywhere and line breaks only in multi-line text', () => {
    expect(textProblem('a\tb', 'line')).toBeNull();
    expect(textProblem('a\tb\nc\r\nd\re', 'lines')).toBeNull();
    expect(textProblem('a\nb', 'line')).toBe(TEXT_MESSAGES.lineBreak);
    expect(textProblem('a\rb', 'line')).toBe(TEXT_MESSAGES.lineBreak);
  });

  it('refuses lone surrogates, high or low, and accepts pairs', () => {
    for (const broken of ['\ud800', 'a\ud83d', '\ude00b', '\ude00\ud83d', 'x\udbff y']) {
      expect(textProblem(broken, 'line')).toBe(TEXT_MESSAGES.surrogate);
    }
    expect(textProblem('😀 \udbff\udfff', 'line')).toBeNull();
  });

  it('accepts what people really write: other scripts, direction marks, emoji, joiners', () => {
    for (const text of [
      'שלום',
      'مرحبا\u200f',
      '\u202eabc\u202c',
      '👩‍👩‍👧‍👦',
      'e\u0301',
      '\u00a0',
      '\ufeff',
      '\u2028',
    ]) {
      expect(textProblem(text, 'line')).toBeNull();
    }
  });
});

describe('lineText', () => {
  const name = lineText(10, { error: 'Enter a name.' }).min(1, 'Enter a name.');

  it('trims, and counts the maximum after trimming in code points (an emoji is one)', () => {
    expect(name.parse('  Ann  ')).toBe('Ann');
    expect(name.parse(` ${'x'.repeat(10)} `)).toBe('x'.repeat(10));
    expect(messagesOf(name.safeParse('x'.repeat(11)))).toEqual([
      'Ensure this field has no more than 10 characters.',
    ]);
    expect(name.parse('😀'.repeat(10))).toBe('😀'.repeat(10));
    expect(name.safeParse('😀'.repeat(11)).success).toBe(false);
  });

  it('answers only the rule message for a bad character, even where trimming would empty the field', () => {
    expect(messagesOf(name.safeParse('\f'))).toEqual([TEXT_MESSAGES.control]);
    expect(messagesOf(name.safeParse(`\u0000${'x'.repeat(20)}`))).toEqual([TEXT_MESSAGES.control]);
    expect(messagesOf(name.safeParse('Ann\n'))).toEqual([TEXT_MESSAGES.lineBreak]);
  });

  it("keeps the field's own messages for missing, blank and too long", () => {
    expect(messagesOf(name.safeParse(undefined))).toEqual(['Enter a name.']);
    expect(messagesOf(name.safeParse(42))).toEqual(['Enter a name.']);
    expect(messagesOf(name.safeParse('   '))).toEqual(['Enter a name.']);
    const titled = lineText(3, { tooLong: 'Keep it short.' });
    expect(messagesOf(titled.safeParse('abcd'))).toEqual(['Keep it short.']);
  });

  it('for any string: refused with one rule message, or accepted as exactly the trimmed string', () => {
    const field = lineText(5_000);
    fc.assert(
      fc.property(anyText, (text) => {
        const result = field.safeParse(text);
        const problem = textProblem(text, 'line');
        if (problem) expect(messagesOf(result)).toEqual([problem]);
        else if ([...text.trim()].length > 5_000) expect(result.success).toBe(false);
        else expect(result.data).toBe(text.trim());
      }),
      { numRuns: 500 },
    );
  });
});

describe('multilineText', () => {
  const note = multilineText(13);

  it('writes every line break as LF before trimming and measuring', () => {
    expect(note.parse('\r\n one\r\ntwo\rthree \n')).toBe('one\ntwo\nthree');
    // Eleven characters once CRLF is one LF, though fourteen were sent.
    expect(note.parse('ab\r\ncd\r\nef\r\ngh')).toBe('ab\ncd\nef\ngh');
    expect(note.safeParse('x'.repeat(14)).success).toBe(false);
  });

  it('refuses the other control characters and lone surrogates', () => {
    expect(messagesOf(note.safeParse('ok\u0000'))).toEqual([TEXT_MESSAGES.control]);
    expect(messagesOf(note.safeParse('ok\ud800'))).toEqual([TEXT_MESSAGES.surrogate]);
  });

  it('for any string: refused with one rule message, or accepted as the normalised trimmed string', () => {
    const field = multilineText(5_000);
    fc.assert(
      fc.property(anyText, (text) => {
        const result = field.safeParse(text);
        const expected = text.replace(/\r\n?/g, '\n').trim();
        const problem = textProblem(text, 'lines');
        if (problem) expect(messagesOf(result)).toEqual([problem]);
        else if ([...expected].length > 5_000) expect(result.success).toBe(false);
        else expect(result.data).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });
});

describe('cleanHeaderText', () => {
  it('drops control characters, line breaks and lone surrogates and cuts to the maximum', () => {
    expect(cleanHeaderText('Mozilla/5.0\u0000 (X11;\r\n Linux)\ud800', 100)).toBe('Mozilla/5.0 (X11; Linux)');
    expect(cleanHeaderText(undefined, 10)).toBe('');
    expect(cleanHeaderText('x'.repeat(600), 512)).toHaveLength(512);
  });

  it('never leaves half of a pair where it cuts', () => {
    expect(cleanHeaderText('ab😀', 3)).toBe('ab');
    fc.assert(
      fc.property(anyText, fc.integer({ min: 0, max: 600 }), (text, max) => {
        const cleaned = cleanHeaderText(text, max);
        expect(cleaned.length).toBeLessThanOrEqual(max);
        expect(textProblem(cleaned, 'line')).toBeNull();
      }),
    );
  });
});

describe('dates', () => {
  it('knows the window, a moment measured in UTC', () => {
    expect(inDateRange('2000-01-01')).toBe(true);
    expect(inDateRange('2099-12-31')).toBe(true);
    expect(inDateRange('1999-12-31')).toBe(false);
    expect(inDateRange('2100-01-01')).toBe(false);
    expect(inDateRange('2099-12-31T23:59:59.999Z')).toBe(true);
    // 19:00 on the last day at UTC-05:00 is already 2100 in UTC.
    expect(inDateRange('2099-12-31T19:00:00-05:00')).toBe(false);
    expect(inDateRange('2000-01-01T04:00:00+05:00')).toBe(false);
  });

  it('says which dates it takes, rather than calling the field missing', () => {
    const start = isoDateTimeField({ missing: 'This field is required.' });
    expect(messagesOf(start.safeParse(undefined))).toEqual(['This field is required.']);
    expect(messagesOf(start.safeParse('next tuesday'))).toEqual([DATE_MESSAGES.dateTime]);
    expect(messagesOf(start.safeParse('0000-01-01T00:00:00Z'))).toEqual([DATE_MESSAGES.range]);
    expect(messagesOf(start.safeParse('9999-12-31T23:59:59-14:00'))).toEqual([DATE_MESSAGES.range]);
    expect(DATE_MESSAGES.range).toBe('Enter a date between 2000-01-01 and 2099-12-31.');
    expect(start.parse('2030-06-30T09:00:00+02:00')).toBe('2030-06-30T09:00:00+02:00');

    const day = isoDateField({ invalid: 'Please enter a valid date' });
    expect(messagesOf(day.safeParse('2030-02-30'))).toEqual(['Please enter a valid date']);
    expect(messagesOf(day.safeParse('9999-12-31'))).toEqual([DATE_MESSAGES.range]);
    expect(day.parse('2030-06-30')).toBe('2030-06-30');
  });

  it('stops at the range message, so a later check of the field adds nothing', () => {
    const deadline = isoDateTimeField().refine(() => false, 'The deadline must be in the future.');
    expect(messagesOf(deadline.safeParse('1999-01-01T00:00:00Z'))).toEqual([DATE_MESSAGES.range]);
  });
});
