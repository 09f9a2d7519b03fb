import { Button, Group, Stack, Text } from '@mantine/core';
import { IconMap2, IconMessage } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LazyBidDialog } from '#app/bids/lazy-bid-dialog.tsx';
import { asbuildsPath, vendorConversationPath, vendorDocumentationPath } from '#app/route-paths.ts';
import { OwnReportMark } from '#app/ui/own-report-mark.tsx';
import type { RequestDetail } from '#shared/request-responses.ts';
import { HeldReportCard } from './held-report-card.tsx';
import { ManagerLifecyclePanel, VendorLifecyclePanel } from './request-lifecycle-panel.tsx';

export type RequestViewerRole = 'vendor' | 'manager';

/**
 * What the viewer can do with the request, by role. Vendors bid (or edit their pending bid) and
 * message the manager, and the awarded vendor marks the job complete; the manager side awards a bid,
 * changes the status and reads the timeline (request-lifecycle-panel.tsx).
 */
export function RequestActions({ request, role }: { request: RequestDetail; role: RequestViewerRole }) {
  if (role === 'vendor') {
    return (
      <>
        <VendorRequestActions request={request} />
        <VendorLifecyclePanel request={request} />
      </>
    );
  }
  return (
    <>
      <HeldReportCard request={request} />
      {request.documentation_available && request.project ? (
        <Group gap="sm">
          <DocumentationLink to={asbuildsPath(request.project.id)} />
        </Group>
      ) : null}
      <ManagerLifecyclePanel request={request} />
    </>
  );
}

/** The property's plans and in-wall photos, where the server says the viewer may read them. */
function DocumentationLink({ to }: { to: string }) {
  return (
    <Button component={Link} to={to} variant="default" leftSection={<IconMap2 size={16} aria-hidden />}>
      Property documentation
    </Button>
  );
}

function VendorRequestActions({ request }: { request: RequestDetail }) {
  const [dialogOpen, setDialogOpen] = useState(false);
  // A vendor's detail lists only its own bid (docs/decisions/requests-and-jobs.md).
  const ownBid = request.bids[0] ?? null;
  // No vendor bids on the work it reported itself: the mark stands where the Bid action would.
  const ownReport = request.is_own_report;
  const canBid = !ownReport && request.status === 'open' && request.bidding_config.is_open_for_bids;
  const editable = ownBid?.status === 'pending';

  return (
    <Stack gap="xs">
      {ownReport ? <OwnReportNote request={request} /> : null}
      <Group gap="sm">
        {canBid && (!ownBid || editable) ? (
          <Button onClick={() => setDialogOpen(true)}>{ownBid ? 'Edit my bid' : 'Bid'}</Button>
        ) : null}
        <Button
          component={Link}
          to={vendorConversationPath(request.id)}
          variant="default"
          leftSection={<IconMessage size={16} aria-hidden />}
        >
          Message the manager
        </Button>
        {/* The awarded vendor's plans and in-wall photos for the job site (the server decides). */}
        {request.documentation_available && request.project ? (
          <DocumentationLink to={vendorDocumentationPath(request.project.id)} />
        ) : null}
        <LazyBidDialog
          requestId={dialogOpen ? request.id : null}
          request={{ data: request, isPending: false }}
          existingBidId={editable ? ownBid.id : null}
          onClose={() => setDialogOpen(false)}
        />
      </Group>
    </Stack>
  );
}

/** The reporter's own request: the mark, and whether the property's managers have opened it yet. */
function OwnReportNote({ request }: { request: RequestDetail }) {
  return (
    <Group gap="sm" wrap="wrap">
      <OwnReportMark />
      <Text size="sm" c="dimmed">
        {request.is_open_to_vendors
          ? 'Other vendors may bid on it; you cannot bid on your own report.'
          : "The property's managers review it first; other vendors see it once they open it."}
      </Text>
    </Group>
  );
}
