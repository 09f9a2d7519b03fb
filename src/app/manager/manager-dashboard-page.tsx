import { Anchor, Button, Group, Paper, Stack, Tabs, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuthStatus, userOf } from '#app/auth/api.ts';
import { useDeferredAnswer } from '#app/lib/use-deferred-answer.ts';
import { clientPropertiesPath } from '#app/route-paths.ts';
import { CenteredLoader } from '#app/ui/centered-loader.tsx';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { LazyDialog } from '#app/ui/lazy-dialog.tsx';
import { ScreenTitle } from '#app/ui/screen-title.tsx';
import { useManagerDashboard } from './api.ts';
import { DashboardRequestTable } from './dashboard-request-table.tsx';
import { DashboardStatCards } from './dashboard-stat-cards.tsx';
import { PropertiesOverviewTable } from './properties-overview-table.tsx';
import { WorkQueueCard } from './work-queue-card.tsx';

// The request form (its form library, selects and the request's schema) loads on the first click,
// not with the dashboard.
const CreateRequestDialog = lazy(() =>
  import('./create-request-dialog.tsx').then((m) => ({ default: m.CreateRequestDialog })),
);

// Only a manager whose application staff have not decided yet meets it: kept out of the first load.
const ApplicationReviewNotice = lazy(() =>
  import('./application-review-notice.tsx').then((m) => ({ default: m.ApplicationReviewNotice })),
);

const TABS = [
  { value: 'recent', label: 'Recent Requests', field: 'recent_requests', empty: 'No recent requests' },
  { value: 'in-progress', label: 'In Progress', field: 'in_progress', empty: 'No requests in progress' },
  { value: 'completed', label: 'Completed', field: 'completed', empty: 'No completed requests' },
] as const;

/**
 * /property-manager/dashboard (signed-in spec, section 2). The prototype redirected to the
 * as-builds page on load and showed sample numbers; this one stays and shows the manager's data.
 */
export function ManagerDashboardPage() {
  const dashboard = useManagerDashboard();
  const { data, isPending } = useDeferredAnswer(dashboard);
  const clientId = userOf(useAuthStatus().data)?.client ?? null;
  const [dialogOpen, dialog] = useDisclosure(false);
  const [tab, setTab] = useState<string | null>('recent');

  // While staff review the company's application, the dashboard says so and what comes next, and
  // offers nothing that could not be finished (no property yet to raise a request for).
  if (data?.under_review) {
    return (
      <Stack gap="lg">
        <ScreenTitle>Dashboard</ScreenTitle>
        <Suspense fallback={null}>
          <ApplicationReviewNotice review={data.under_review} />
        </Suspense>
      </Stack>
    );
  }
  // A request needs a property: without one the button would open a form with nothing to pick.
  const canRequest = !data || data.properties_overview.length > 0;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <ScreenTitle>Dashboard</ScreenTitle>
        {canRequest ? (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={dialog.open}>
            Create Maintenance Request
          </Button>
        ) : null}
      </Group>

      <WorkQueueCard />

      {dashboard.isError ? (
        <ErrorAlert>
          The dashboard could not be loaded: {dashboard.error.message}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => dashboard.refetch()}>
            Try again
          </Button>
        </ErrorAlert>
      ) : null}

      <DashboardStatCards stats={data?.stats} />

      {isPending ? (
        <CenteredLoader label="Loading the dashboard" />
      ) : data ? (
        <>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            <Group justify="space-between" mb="sm" gap="xs">
              <Title order={2} fz="h4">
                Properties Overview
              </Title>
              {clientId !== null ? (
                <Anchor component={Link} to={clientPropertiesPath(clientId)} size="sm">
                  All properties
                </Anchor>
              ) : null}
            </Group>
            <PropertiesOverviewTable rows={data.properties_overview} />
          </Paper>

          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            {/* Only the open tab's table is rendered: kept-mounted panels are hidden <Activity>
                boundaries the server leaves out, so the browser built all three tables right after
                hydrating, in one long task. */}
            <Tabs value={tab} onChange={setTab} keepMounted={false}>
              <Tabs.List>
                {TABS.map((item) => (
                  <Tabs.Tab key={item.value} value={item.value}>
                    {item.label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {TABS.map((item) => (
                <Tabs.Panel key={item.value} value={item.value} pt="sm">
                  <DashboardRequestTable
                    rows={data[item.field]}
                    empty={item.empty}
                    emptyAction={
                      item.value === 'recent' && data.properties_overview.length > 0 ? (
                        <Button
                          variant="light"
                          leftSection={<IconPlus size={16} aria-hidden />}
                          onClick={dialog.open}
                        >
                          Create your first maintenance request
                        </Button>
                      ) : null
                    }
                  />
                </Tabs.Panel>
              ))}
            </Tabs>
          </Paper>
        </>
      ) : null}

      <LazyDialog
        dialog={CreateRequestDialog}
        open={dialogOpen}
        props={{ opened: dialogOpen, onClose: dialog.close }}
      />
    </Stack>
  );
}
