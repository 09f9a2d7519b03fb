import './ui/mantine-base-styles.ts';
import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { AppProviders } from './app-providers.tsx';
import { UpdatePrompt } from './offline/update-prompt.tsx';

/**
 * The app's tree around its router: the browser passes its RouterProvider, the build's prerenderer
 * the static one over the same routes (src/app/prerender), so the prerendered HTML hydrates as is.
 * A server render of a signed-in page brings its own query client (one per page, its answers in it).
 */
export function AppRoot({ router, client }: { router: ReactNode; client?: QueryClient }) {
  return (
    <StrictMode>
      <AppProviders client={client}>
        {router}
        <UpdatePrompt />
      </AppProviders>
    </StrictMode>
  );
}
