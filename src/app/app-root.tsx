import './ui/mantine-base-styles.ts';
import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { AppProviders } from './app-providers.tsx';
import { UpdatePrompt } from './offline/update-prompt.tsx';

/**
 * The app's tree around its router: the browser passes its BrowserRouter, the build's prerenderer
 * the static one over the same routes (src/app/prerender), so the prerendered HTML hydrates as is.
 * A server render of a signed-in page brings its own query client (one per page, its answers in it).
 */
export function AppRoot({
  router,
  client,
  onCommit,
}: {
  router: ReactNode;
  client?: QueryClient;
  /** Run once React has committed the tree (hydrated or rendered); the browser's start passes it. */
  onCommit?: () => void;
}) {
  return (
    <StrictMode>
      <AppProviders client={client}>
        {router}
        <UpdatePrompt />
        {/* Rendered by the server too: the tree's shape, and so useId's ids, must be the same. */}
        <AfterCommit run={onCommit} />
      </AppProviders>
    </StrictMode>
  );
}

function AfterCommit({ run }: { run?: () => void }) {
  useEffect(() => run?.(), [run]);
  return null;
}
