import { Card, Center, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { useAuthStatus, userOf } from '#app/auth/api.ts';
import { PendingBids } from '#app/bids/pending-bids.tsx';
import { isApiError } from '#app/lib/api-error.ts';
import { LastRefreshed } from '#app/offline/last-refreshed.tsx';
import { managerPaths, vendorPaths } from '#app/route-paths.ts';
import { formatDate } from '#shared/date-display.ts';
import { requestLabel } from '#shared/display-names.ts';
import type { RequestDetail } from '#shared/request-responses.ts';
import { AccessCard } from './access-card.tsx';
import { requestKeys, useRequestDetail } from './api.ts';
import { awardedOffer, BidComparison } from './bid-comparison.tsx';
import { InvitedVendorsCard } from './invited-vendors-card.tsx';
import { KeepJobAction } from './keep-job-action.tsx';
import { PhotoCarousel } from './photo-carousel.tsx';
import { PropertyPlace } from './property-place.tsx';
import { RequestAccessDenied, RequestNotFound } from './request-access-denied.tsx';
import { RequestActions, type RequestViewerRole } from './request-actions.tsx';
import { RequestBidsSection } from './request-bids-section.tsx';
import { areasAffectedText, urgencyFact } from './request-facts.ts';
import { RequestProgressSection } from './request-lifecycle-panel.tsx';
import { RequestNotKept } from './request-not-kept.tsx';
import { RequestSpotSection } from './request-spot-section.tsx';
import { AwaitingConfirmationNotice, RequestStateBadge } from './request-state.tsx';
import { VisitsCard } from './visits-card.tsx';

// Managers only, with the contract's schemas: a chunk of its own.
const OwnerApprovalSection = lazy(() => import('./owner-approval-section.tsx'));

// Signed-in spec, section 7: the answer's text is shown, this when there is none.
const FETCH_FAILURE = 'Failed to fetch request';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div data-testid={`request-fact-${label.toLowerCase().replace(/\s+/g, '-')}`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** /vendor/requests/:requestId and /property-manager/requests/:requestId (signed-in spec, section 2). */
export function RequestDetailPage() {
  const { requestId = '' } = useParams();
  const user = userOf(useAuthStatus().data);
  // The manager's route shows the manager's view; staff see whichever area they opened.
  const role: RequestViewerRole = user?.type === 'vendor' ? 'vendor' : 'manager';
  const backTo = role === 'vendor' ? vendorPaths.jobs : managerPaths.maintenance;
  const query = useRequestDetail(requestId);
  useDocumentTitle(`Maintenance Request #${requestId} · FieldBid`);

  if (query.isPending) {
    return (
      <Center mih="40vh" role="status" aria-label="Loading request">
        <Loader />
      </Center>
    );
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <RequestNotFound backTo={backTo} />;
    // No answer and no kept copy: offline, not a refusal.
    const unreached =
      (isApiError(query.error) && query.error.isNetworkError) || query.error instanceof TypeError;
    if (unreached) return <RequestNotKept role={role} backTo={backTo} />;
    const message = isApiError(query.error) && !query.error.isNetworkError ? query.error.serverMessage : null;
    return <RequestAccessDenied message={message ?? FETCH_FAILURE} backTo={backTo} />;
  }
  if (!query.data) return <RequestNotFound backTo={backTo} />;
  return <RequestDetailView request={query.data} role={role} requestId={requestId} />;
}

function RequestDetailView({
  request,
  role,
  requestId,
}: {
  request: RequestDetail;
  role: RequestViewerRole;
  /** The id as the route has it: the detail query's key. */
  requestId: string;
}) {
  const requester = `${request.user.first_name} ${request.user.last_name}`.trim();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={1} fz="h2">
            Maintenance {requestLabel(request.id)}
          </Title>
          <Text size="sm" c="dimmed">
            Created {formatDate(request.created_at)}
          </Text>
          <LastRefreshed queryKey={requestKeys.detail(requestId)} />
        </div>
        <Group gap="sm" wrap="nowrap">
          {/* Vendors take jobs to the field; managers work at a desk. */}
          {role === 'vendor' ? <KeepJobAction job={request} type={request.type} /> : null}
          <RequestStateBadge request={request} />
        </Group>
      </Group>

      {/* The state and the next step stand at the top: the report itself is far below on a phone. */}
      <AwaitingConfirmationNotice request={request} role={role} />

      {/* An award waiting for the owner stands at the top, with what the manager may do about it. */}
      {role === 'manager' ? (
        <Suspense fallback={null}>
          <OwnerApprovalSection request={request} />
        </Suspense>
      ) : null}

      {/* The awarded vendor's day at the top: the page is long on a phone. */}
      {role === 'vendor' ? (
        <>
          <VisitsCard request={request} role={role} />
          <AccessCard request={request} role={role} />
        </>
      ) : null}

      <RequestActions request={request} role={role} />
      {/* Beside the award, where the choice is made. The managing side sees every bid; a vendor only
          its own, with nothing beside it to compare. */}
      {role === 'manager' ? <BidComparison bids={request.bids} awarded={awardedOffer(request)} /> : null}
      {role === 'vendor' ? <PendingBids requestId={request.id} /> : null}
      {role === 'manager' ? <VisitsCard request={request} role={role} /> : null}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder radius="md" padding="lg">
            <Stack gap="md">
              <Field label="Property">
                {request.project ? <PropertyPlace project={request.project} /> : 'Not specified'}
              </Field>
              {request.project ? <Field label="Unit">{request.unit ?? 'N/A'}</Field> : null}
              <Field label="Requested by">
                {requester || 'Unknown'}
                {request.user.job_title ? (
                  <Text span size="sm" c="dimmed">
                    {' '}
                    · {request.user.job_title}
                  </Text>
                ) : null}
              </Field>
              <Group grow align="flex-start">
                <Field label="Service Type">{request.type}</Field>
                <Field label={urgencyFact(request).label}>{urgencyFact(request).text}</Field>
              </Group>
              <Field label="Description">
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {request.description}
                </Text>
              </Field>
              <Field label="Areas Affected">{areasAffectedText(request)}</Field>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            {/* Beside the property it is about; the vendor reads it at the top, above. */}
            {role === 'manager' ? <AccessCard request={request} role={role} /> : null}
            <Card withBorder radius="md" padding="lg">
              <Title order={2} fz="h4" mb="sm">
                Photos
              </Title>
              <PhotoCarousel photos={request.photos} />
            </Card>
            <Card withBorder radius="md" padding="lg">
              <RequestBidsSection request={request} ownBidsOnly={role === 'vendor'} />
            </Card>
            {/* Whom the managers asked (the answer carries the list to the managing side only). */}
            {role === 'manager' ? <InvitedVendorsCard request={request} /> : null}
          </Stack>
        </Grid.Col>
      </Grid>

      {request.spot ? <RequestSpotSection spot={request.spot} /> : null}
      <RequestProgressSection request={request} />
    </Stack>
  );
}
