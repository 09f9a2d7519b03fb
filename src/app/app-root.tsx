import './ui/mantine-base-styles.ts';
import { type ReactNode, StrictMode } from 'react';
import { AppProviders } from './app-providers.tsx';
import { UpdatePrompt } from './offline/update-prompt.tsx';

/**
 * The app's tree around its router: the browser passes its RouterProvider, the build's prerenderer
 * the static one over the same routes (src/app/prerender), so the prerendered HTML hydrates as is.
 */
export function AppRoot({ router }: { router: ReactNode }) {
  return (
    <StrictMode>
      <AppProviders>
        {router}
        <UpdatePrompt />
      </AppProviders>
    </StrictMode>
  );
}
