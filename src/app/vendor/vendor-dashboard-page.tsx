import { Box, Button, Card, Center, Group, Loader, SimpleGrid, Tabs, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  type Icon,
  IconBriefcase,
  IconCash,
  IconCircleCheck,
  IconGavel,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import { lazy } from 'react';
import { Link } from 'react-router-dom';
import { useDeferredAnswer } from '#app/lib/use-deferred-answer.ts';
import { InstallOfferSlot } from '#app/offline/install-offer-slot.tsx';
import { useSelectedProperty } from '#app/properties/selected-property-context.tsx';
import { vendorPaths } from '#app/route-paths.ts';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { LazyDialog } from '#app/ui/lazy-dialog.tsx';
import { ScreenTitle } from '#app/ui/screen-title.tsx';
import { UnderReviewNotice } from '#app/ui/under-review-notice.tsx';
import { formatUsd } from '#shared/formatters.ts';
import type { VendorDashboard } from '#shared/vendor-dashboard.ts';
import { useVendorDashboard } from './api.ts';
import { DashboardTabList } from './dashboard-tab-list.tsx';

// The Create Request form (its form library, selects, the plan's spot picker and the request's
// schema) loads on the first click, not with the dashboard.
const VendorRequestDialog = lazy(() =>
  import('./vendor-request-dialog.tsx').then((m) => ({ default: m.VendorRequestDialog })),
);

function StatCard({ label, value, icon: StatIcon }: { label: string; value: string; icon: Icon }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {label}
          </Text>
          <Text fz={{ base: 22, sm: 28 }} fw={700} lh={1.2} mt={4}>
            {value}
          </Text>
        </div>
        <Box visibleFrom="sm">
          <StatIcon size={26} stroke={1.5} color="var(--mantine-color-fieldbid-6)" aria-hidden />
        </Box>
      </Group>
    </Card>
  );
}

function StatCards({ dashboard }: { dashboard: VendorDashboard | undefined }) {
  const stats = dashboard?.stats;
  const value = (number: number | undefined, format: (n: number) => string = String) =>
    number === undefined ? '—' : format(number);
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
      <StatCard label="Active Bids" value={value(stats?.active_bids)} icon={IconGavel} />
      <StatCard label="Awarded Jobs" value={value(stats?.awarded_jobs)} icon={IconBriefcase} />
      <StatCard label="Total Earnings" value={value(stats?.total_earnings, formatUsd)} icon={IconCash} />
      <StatCard label="Jobs Completed" value={value(stats?.jobs_completed)} icon={IconCircleCheck} />
    </SimpleGrid>
  );
}

/** /vendor/dashboard (signed-in spec, section 2), with the stats and tabs computed from the vendor's bids. */
export function VendorDashboardPage() {
  const dashboard = useVendorDashboard();
  const [requestOpen, requestDialog] = useDisclosure(false);
  const { data, isPending } = useDeferredAnswer(dashboard);
  const canReport = useSelectedProperty().projects.length > 0;

  // Until staff approve the vendor, its dashboard says so and what is still missing, and offers
  // nothing it could not finish (src/shared/vendor-approval.ts).
  if (data && !data.approval.approved) {
    return (
      <>
        <ScreenTitle>Dashboard</ScreenTitle>
        <UnderReviewNotice approval={data.approval} />
      </>
    );
  }

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="md">
        <ScreenTitle>Dashboard</ScreenTitle>
        {/* Bidding is what a vendor comes for: Available Jobs is the main step. A report needs a
            property where the vendor works (an awarded job), so Create Request shows only then. */}
        <Group gap="sm">
          {canReport ? (
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={requestDialog.open}
            >
              Create Request
            </Button>
          ) : null}
          <Button component={Link} to={vendorPaths.jobs} leftSection={<IconSearch size={16} aria-hidden />}>
            Available Jobs
          </Button>
        </Group>
      </Group>

      {dashboard.isError ? (
        <ErrorAlert>
          {dashboard.error.message || 'Failed to load the dashboard. Please try again.'}
        </ErrorAlert>
      ) : null}
      <InstallOfferSlot />
      <StatCards dashboard={data} />

      <Tabs
        defaultValue="active"
        mt="xl"
        keepMounted={false}
        styles={{ tab: { paddingInline: 'var(--mantine-spacing-xs)' } }}
      >
        <Tabs.List>
          <Tabs.Tab value="active">Active Bids</Tabs.Tab>
          <Tabs.Tab value="current">Current Jobs</Tabs.Tab>
          <Tabs.Tab value="completed">Completed Jobs</Tabs.Tab>
        </Tabs.List>
        {isPending ? (
          <Center py="xl" role="status" aria-label="Loading dashboard">
            <Loader />
          </Center>
        ) : (
          <>
            <Tabs.Panel value="active" pt="md">
              <DashboardTabList
                items={data?.active_bids ?? []}
                tab="active"
                empty="No active bids at the moment"
                emptyLink={{ to: vendorPaths.jobs, label: 'Find a job to bid on in Available Jobs' }}
              />
            </Tabs.Panel>
            <Tabs.Panel value="current" pt="md">
              <DashboardTabList items={data?.current_jobs ?? []} tab="current" empty="No current jobs" />
            </Tabs.Panel>
            <Tabs.Panel value="completed" pt="md">
              <DashboardTabList
                items={data?.completed_jobs ?? []}
                tab="completed"
                empty="No completed jobs"
              />
            </Tabs.Panel>
          </>
        )}
      </Tabs>

      <LazyDialog
        dialog={VendorRequestDialog}
        open={requestOpen}
        props={{ opened: requestOpen, onClose: requestDialog.close }}
      />
    </>
  );
}
