import { describe, expect, it } from 'vitest';
import { readMantineStyles } from '../../../scripts/mantine-css.ts';

// Mantine's per-component stylesheets (scripts/mantine-css.ts), read from the installed @mantine/core.
const styles = readMantineStyles(process.cwd());
const sheets = (...names: string[]) =>
  styles.stylesFor('@mantine/core', names).map((sheet) => sheet.replace('@mantine/core/styles/', ''));

describe("a module's Mantine stylesheets", () => {
  it('include the parts in utils/ a component renders with: Switch labels sit beside the switch', () => {
    const switchSheets = sheets('Switch');
    expect(switchSheets).toContain('InlineInput.layer.css');
    // Mantine's own order: what a component is built from comes first.
    expect(switchSheets.indexOf('InlineInput.layer.css')).toBeLessThan(
      switchSheets.indexOf('Switch.layer.css'),
    );
  });

  it("include the styled parts inside a component folder (Checkbox's card and indicator)", () => {
    expect(sheets('Checkbox')).toEqual(
      expect.arrayContaining(['InlineInput.layer.css', 'CheckboxIndicator.layer.css', 'Checkbox.layer.css']),
    );
  });

  it('leave out what a component does not render', () => {
    expect(sheets('Button')).not.toContain('InlineInput.layer.css');
    expect(sheets('Button')).toContain('Button.layer.css');
  });
});
