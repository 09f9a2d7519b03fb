import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

// A deep, calm blue reads as dependable to property managers and stays legible outdoors on a phone;
// shade 7 is the brand colour (#1b4f8f, also the manifest's theme_color).
const fieldbidBlue: MantineColorsTuple = [
  '#eaf1fa',
  '#d2e0f2',
  '#a3bfe4',
  '#719cd6',
  '#4a7fca',
  '#326cc2',
  '#2461b6',
  '#1b4f8f',
  '#154479',
  '#0c3663',
];

// The accent for done/awarded states and the logo's check mark.
const fieldbidGreen: MantineColorsTuple = [
  '#e6fbf2',
  '#d1f3e4',
  '#a5e6c8',
  '#75d9aa',
  '#4fce91',
  '#38c781',
  '#2ac378',
  '#1aab66',
  '#0c9859',
  '#00844a',
];

export const theme = createTheme({
  primaryColor: 'fieldbid',
  primaryShade: { light: 7, dark: 5 },
  colors: { fieldbid: fieldbidBlue, accent: fieldbidGreen },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  // Keyboard users always see where they are; mouse clicks do not leave rings behind.
  focusRing: 'auto',
});

/**
 * Mantine's dimmed text (gray-6) reaches only about 3.3:1 on white, below WCAG AA for the small
 * captions it is used for ("Showing N of M", "Last refreshed", dates); this gray gives about 6:1.
 */
/**
 * Light badges and alerts write shade 6 on a 10% tint of it: 1.7:1 (yellow) to 3.2:1 (blue), below
 * WCAG AA for a status word. These darker shades give 5:1 or more on the same tint.
 */
const DARKER_TEXT: Record<string, string> = {
  green: '#237032',
  blue: '#1864ab',
  red: '#a51d1d',
  yellow: '#8a5a00',
  gray: '#343a40',
  orange: '#a83a0c',
  teal: '#066649',
  grape: '#862e9c',
  cyan: '#0b7285',
  violet: '#5f3dc4',
  indigo: '#364fc7',
};
const LIGHT_VARIANT_TEXT: Record<string, string> = Object.fromEntries(
  Object.entries(DARKER_TEXT).map(([color, text]) => [`--mantine-color-${color}-light-color`, text]),
);
/**
 * Outline badges (the request priority) write shade 6 on white: 3.0:1 (orange) and 3.8:1 (red) on
 * the manager dashboard, found by the bench's Lighthouse accessibility audit. The same darker shades.
 */
const OUTLINE_VARIANT_TEXT: Record<string, string> = Object.fromEntries(
  Object.entries(DARKER_TEXT).map(([color, text]) => [`--mantine-color-${color}-outline`, text]),
);

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a', ...LIGHT_VARIANT_TEXT, ...OUTLINE_VARIANT_TEXT },
  dark: {},
});
