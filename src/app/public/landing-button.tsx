import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Button.layer.css';
import type { CSSProperties, ReactNode } from 'react';

// Mantine's Button as markup and stylesheet only: the same classes, data attributes and CSS variables
// its component writes for these few looks, without its JavaScript (the Button with its loading
// transition and Loader is about 4 KB of the landing page's first load; its budget is 100 KB).
// The other pages keep Mantine's Button.

type Variant = 'filled' | 'default' | 'subtle' | 'accent';
export type ButtonSize = 'sm' | 'md' | 'lg';

const VARIANT_VARS: Record<Variant, Record<string, string>> = {
  filled: { '--button-color': 'var(--mantine-color-white)' },
  default: {
    '--button-bg': 'var(--mantine-color-default)',
    '--button-hover': 'var(--mantine-color-default-hover)',
    '--button-color': 'var(--mantine-color-default-color)',
    '--button-bd': 'calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-default-border)',
  },
  subtle: {
    '--button-bg': 'transparent',
    '--button-hover': 'var(--mantine-color-fieldbid-light-hover)',
    '--button-color': 'var(--mantine-color-fieldbid-light-color)',
    '--button-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
  },
  // The landing page's green calls to action (Mantine's color="accent.9").
  accent: {
    '--button-bg': 'var(--mantine-color-accent-9)',
    '--button-hover': 'var(--mantine-color-accent-8)',
    '--button-color': 'var(--mantine-color-white)',
    '--button-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
  },
};

const ROOT_CLASS =
  'mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root';

export interface ButtonLook {
  variant?: Variant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Mantine's mt="xl". */
  spaced?: boolean;
}

/** The attributes of a Mantine Button's root, for a <button>, a link or a SectionLink. */
export function buttonLook({
  variant = 'filled',
  size = 'sm',
  fullWidth = false,
  spaced = false,
}: ButtonLook) {
  const style = {
    '--button-height': `var(--button-height-${size})`,
    '--button-padding-x': `var(--button-padding-x-${size})`,
    '--button-fz': `var(--mantine-font-size-${size})`,
    ...VARIANT_VARS[variant],
    ...(spaced ? { marginTop: 'var(--mantine-spacing-xl)' } : {}),
  } as CSSProperties;
  return {
    className: ROOT_CLASS,
    style,
    'data-variant': variant === 'filled' || variant === 'accent' ? undefined : variant,
    'data-size': size,
    'data-block': fullWidth || undefined,
  };
}

/** A Mantine Button's inner spans around its label. */
export function ButtonLabel({ children }: { children: ReactNode }) {
  return (
    <span className="m_80f1301b mantine-Button-inner">
      <span className="m_811560b9 mantine-Button-label">{children}</span>
    </span>
  );
}
