import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkPhoneBudget,
  type PhonePageReport,
  phoneReportFile,
  writePhoneReport,
} from '../../../scripts/phone-budget.ts';

// The emulated phone's budget holds layout facts (the phone's layout before any script, no layout
// shift) against the report the bench left for the very build being checked.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function fixtureBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'fieldbid-phone-'));
  dirs.push(dist, `${dist}-bench`);
  writeFileSync(join(dist, 'index.html'), '<div id="root"></div><script src="/assets/a-1.js"></script>');
  writeFileSync(join(dist, 'sw.js'), 'self.__WB_MANIFEST=[]');
  return dist;
}

const phoneLayout: PhonePageReport = {
  label: 'vendor jobs',
  path: '/vendor/jobs',
  runs: [],
  performance: 80,
  ttiMs: 4_200,
  tbtMs: 300,
  cls: 0,
  layout: { serverRendered: true, tablesShown: 0, cardsShown: 10, menuButton: 'burger', overflowPx: 0 },
};

describe('the phone first-paint budget', () => {
  it('is met by the phone layout without layout shift, whatever the times', () => {
    const dist = fixtureBuild();
    writePhoneReport(dist, [phoneLayout]);
    const { lines, failures } = checkPhoneBudget(dist);
    expect(failures).toEqual([]);
    expect(lines.join('\n')).toContain('/vendor/jobs (vendor jobs): phone layout before scripts');
    expect(lines.join('\n')).toContain('TTI 4.2 s (over goal)');
  });

  it('fails on a desktop table, a menu button drawn as an X, a page wider than the screen, layout shift', () => {
    const dist = fixtureBuild();
    writePhoneReport(dist, [
      {
        ...phoneLayout,
        cls: 0.08,
        layout: { serverRendered: true, tablesShown: 1, cardsShown: 0, menuButton: 'x', overflowPx: 120 },
      },
    ]);
    const { failures } = checkPhoneBudget(dist);
    expect(failures).toEqual([
      '/vendor/jobs on the phone: shows 1 table(s) before any script',
      '/vendor/jobs on the phone: the menu button before any script is x, not a burger',
      '/vendor/jobs on the phone: 120px wider than the screen',
      '/vendor/jobs on the phone: layout shift 0.080, over its 0.02 budget',
    ]);
  });

  it('holds no report of another build against this one, nor a missing one', () => {
    const dist = fixtureBuild();
    expect(checkPhoneBudget(dist).lines[0]).toMatch(/not measured for this build/);
    writePhoneReport(dist, [{ ...phoneLayout, cls: 0.5 }]);
    expect(checkPhoneBudget(dist).failures).toHaveLength(1);
    // A new build: other hashed file names in its HTML.
    writeFileSync(join(dist, 'index.html'), '<div id="root"></div><script src="/assets/a-2.js"></script>');
    expect(checkPhoneBudget(dist)).toEqual({
      lines: [expect.stringMatching(/measured on another build/)],
      failures: [],
    });
    expect(phoneReportFile(dist)).toBe(join(`${dist}-bench`, 'phone-first-paint.json'));
  });
});
