import fc from 'fast-check';

/*
 * Input that has broken text and number fields somewhere: the property tests of the text rule
 * (tests/unit/shared/text-fields.test.ts, tests/api/text-input-properties.test.ts) mix these fixed
 * samples with generated ones.
 */

export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'bell\u0007',
  '\u001b[31mred',
  'del\u007f',
  'next\u0085line',
  '\u009b',
  '\f',
  '\v',
  '\ud800',
  'lone \udfff low',
  '\udbff\udfff',
  '\u200f\u202eRTL override\u202c',
  'שלום עולם',
  'مرحبا بالعالم',
  '😀',
  '👩‍👩‍👧‍👦 family',
  '🇨🇴',
  'e\u0301 combining',
  '\ufeffBOM',
  'line\u2028separator\u2029',
  '\u00a0nbsp\u00a0',
  '\u200b',
  'x'.repeat(10_000),
  '😀'.repeat(3_000),
  '\r\n',
  'one\r\ntwo\rthree\nfour',
  '\ttabbed\t',
  '  padded  ',
  "'; drop table users; --",
  "' or 1=1 --",
  'Robert"); DELETE FROM bids; --',
  '%00',
  '\\0',
  '\\u0000',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as it is
  '{{7*7}} ${7*7}',
  '../../etc/passwd',
  '=HYPERLINK("http://x")',
  'null',
  'undefined',
  '0',
  '-1',
  '1e308',
  'NaN',
  'true',
  '[]',
  '{}',
  'price_1Abc',
  'someone@example.com',
  ' Some.One@Example.COM ',
  '(303) 555-0142',
  '12-3456789',
  '101, 102-104\n2B',
  'CO',
  '2030-06-30',
  '0000-01-01',
  '9999-12-31',
  '2030-06-30T09:00:00Z',
  '9999-12-31T23:59:59-14:00',
  'https://example.com/logo.png',
  'https://example.com/\u0000',
] as const;

/** Any UTF-16 code unit: control characters and both halves of a surrogate pair, alone. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

/** One character repeated up to 6,000 times: around and over every field's maximum. */
const longText = fc
  .tuple(fc.constantFrom('a', 'é', '😀', ' ', '\u0000', '\n'), fc.integer({ min: 1, max: 6_000 }))
  .map(([character, count]) => character.repeat(count));

export const anyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: codeUnit, maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 30 }) },
  { weight: 1, arbitrary: longText },
);

/** What a client may send in a numeric field: numbers JSON can carry, digit strings, and the rest. */
export const anyNumber: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(
      0,
      -0,
      -1,
      0.5,
      0.29,
      1e308,
      -1e308,
      1e-300,
      2 ** 31 - 1,
      2 ** 31,
      2 ** 53,
      2 ** 53 + 2,
      99_999_999.99,
      123.456,
      '42',
      '007',
      '1e3',
      '99999999999999999999',
      '-5',
      ' 7 ',
      '',
      null,
      true,
      'abc',
    ),
  },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 2, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.stringMatching(/^-?\d{1,25}(\.\d{1,5})?$/) },
);
