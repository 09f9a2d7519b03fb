import './zod-csp.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app-providers.tsx';
import { installSessionExpiryHandler } from './auth/session-expiry.ts';
import { queryClient } from './lib/query-client.ts';
import { registerServiceWorker } from './offline/service-worker-registration.ts';
import { UpdatePrompt } from './offline/update-prompt.tsx';
import { createAppRouter } from './router.tsx';

const router = createAppRouter();
installSessionExpiryHandler(router, queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </AppProviders>
  </StrictMode>,
);

void registerServiceWorker();
