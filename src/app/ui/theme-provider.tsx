import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from '#app/theme.ts';
import { ToastHost } from './toast-host.tsx';
import { useAppReady } from './use-app-ready.ts';

/**
 * Mantine with FieldBid's theme, and the toasts, around both roots: the app's and the landing page's
 * own (src/app/public/landing-root.tsx). Light only: index.html carries the matching
 * `data-mantine-color-scheme`, so prerendered pages paint in the right colours before any script.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  useAppReady();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {children}
      <ToastHost />
    </MantineProvider>
  );
}
