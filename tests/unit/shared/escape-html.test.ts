import { describe, expect, it } from 'vitest';
import { escapeHtml } from '#shared/escape-html.ts';

describe('escapeHtml', () => {
  it('escapes what could end a text or a quoted attribute, and nothing else', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
    expect(escapeHtml('Plain text, 100% — ünïcode')).toBe('Plain text, 100% — ünïcode');
  });
});
