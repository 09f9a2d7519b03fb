import { Anchor, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { isApiError } from '#app/lib/api-error.ts';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { showToast } from '#app/ui/toast.ts';
import {
  type ApplicationDetail,
  type ApplicationKind,
  REVIEWABLE_STATUS,
  rejectApplicationSchema,
} from '#shared/admin-applications.ts';
import { formatDate, formatDateTime } from '#shared/date-display.ts';
import { formatEin, formatPhone } from '#shared/formatters.ts';
import { formatPlanPrice } from '#shared/plan-price.ts';
import { AdminDetailDrawer } from './admin-detail-drawer.tsx';
import { DetailField, DetailFieldGroup } from './admin-detail-fields.tsx';
import { ApplicationStatusBadge } from './application-status-badge.tsx';
import { useApplication, useReviewApplication } from './applications-api.ts';

const titleOf = (data: ApplicationDetail) =>
  (data.kind === 'managers' ? data.company_name : data.vendor_name) || 'Application';
const dateOrDash = (value: string | null) => (value ? formatDateTime(value) : '—');
const accountState = (active: boolean | null) =>
  active === null ? 'No account yet' : active ? 'Active' : 'Deactivated';

function ContactFields({ application }: { application: ApplicationDetail }) {
  return (
    <DetailFieldGroup title="Contact">
      <DetailField label="Name">{`${application.first_name} ${application.last_name}`.trim()}</DetailField>
      <DetailField label="Job title">{application.job_title}</DetailField>
      <DetailField label="Email">{application.email}</DetailField>
      <DetailField label="Phone">{application.phone ? formatPhone(application.phone) : ''}</DetailField>
    </DetailFieldGroup>
  );
}

function ManagerFields({ application }: { application: Extract<ApplicationDetail, { kind: 'managers' }> }) {
  return (
    <>
      <DetailFieldGroup title="Building">
        <DetailField label="Building name">{application.building_name}</DetailField>
        <DetailField label="Building address">{application.building_address}</DetailField>
        <DetailField label="Office phone">
          {application.office_phone ? formatPhone(application.office_phone) : ''}
        </DetailField>
        <DetailField label="EIN">{application.ein ? formatEin(application.ein) : ''}</DetailField>
        <DetailField label="Total employees">{application.total_employees ?? ''}</DetailField>
      </DetailFieldGroup>
      <ContactFields application={application} />
      <DetailFieldGroup title="Company">
        <DetailField label="Company name">{application.company_name}</DetailField>
        <DetailField label="Company address">{application.company_address}</DetailField>
        <DetailField label="Logo">
          {application.company_logo ? (
            <Anchor href={application.company_logo} target="_blank" rel="noreferrer">
              Open logo
            </Anchor>
          ) : (
            ''
          )}
        </DetailField>
      </DetailFieldGroup>
    </>
  );
}

function VendorFields({ application }: { application: Extract<ApplicationDetail, { kind: 'vendors' }> }) {
  return (
    <>
      <DetailFieldGroup title="Company">
        <DetailField label="Vendor name">{application.vendor_name}</DetailField>
        <DetailField label="Industry">{application.industry}</DetailField>
        <DetailField label="Address">{application.address}</DetailField>
        <DetailField label="Registered state">{application.registered_state}</DetailField>
        <DetailField label="EIN">{application.ein ? formatEin(application.ein) : ''}</DetailField>
        <DetailField label="Total employees">{application.total_employees ?? ''}</DetailField>
      </DetailFieldGroup>
      <ContactFields application={application} />
      <DetailFieldGroup title="Insurance">
        <DetailField label="Certificate">
          {application.insurance_certificate_url ? (
            <Anchor href={application.insurance_certificate_url} target="_blank" rel="noreferrer">
              Open certificate
            </Anchor>
          ) : (
            ''
          )}
        </DetailField>
        <DetailField label="Expires on">
          {application.insurance_expires_on ? formatDate(application.insurance_expires_on) : ''}
        </DetailField>
      </DetailFieldGroup>
      <DetailFieldGroup title="Plan and payment">
        <DetailField label="Plan">
          {application.plan
            ? `${application.plan.name}, ${formatPlanPrice(application.plan.price, application.plan.frequency)}`
            : ''}
        </DetailField>
        <DetailField label="Subscription">
          {application.subscription
            ? `${application.subscription.status} (${application.subscription.provider})`
            : 'None'}
        </DetailField>
        <DetailField label="Paid">{dateOrDash(application.paid_at)}</DetailField>
        <DetailField label="Confirmation number">{application.confirmation_number ?? ''}</DetailField>
      </DetailFieldGroup>
    </>
  );
}

/** Approve at once, or reject with a reason the applicant is mailed (the shared schema checks it). */
function ReviewActions({ kind, application }: { kind: ApplicationKind; application: ApplicationDetail }) {
  const review = useReviewApplication(kind, application.id);
  const [rejecting, setRejecting] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { reason: '' },
    validate: schemaResolver(rejectApplicationSchema, { sync: true }),
  });

  const failed = (error: Error) => {
    const field = isApiError(error) ? error.fieldErrors.reason : undefined;
    if (field) form.setErrors({ reason: field.join(' ') });
    else
      setAlert(
        isApiError(error) && error.serverMessage ? error.serverMessage : 'The decision could not be saved.',
      );
  };

  // mutateAsync, not mutate's callbacks: the decided application replaces the shown one before they
  // would run, and these actions unmount with its new status, which drops mutate's callbacks (and
  // the toast).
  const approve = () => {
    setAlert(null);
    review
      .mutateAsync({ action: 'approve' })
      .then(
        () => showToast({ message: 'Application approved; the applicant was mailed.', color: 'green' }),
        failed,
      );
  };

  const reject = form.onSubmit(({ reason }) => {
    setAlert(null);
    review.mutateAsync({ action: 'reject', reason }).then(() => {
      setRejecting(false);
      showToast({ message: 'Application rejected; the applicant was mailed.', color: 'green' });
    }, failed);
  });

  return (
    <Stack gap="sm">
      {alert ? <ErrorAlert>{alert}</ErrorAlert> : null}
      {rejecting ? (
        <form onSubmit={reject} noValidate>
          <Stack gap="sm">
            <Textarea
              label="Reason for rejection"
              description="Mailed to the applicant and kept with the application."
              required
              autosize
              minRows={3}
              data-autofocus
              key={form.key('reason')}
              {...form.getInputProps('reason')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRejecting(false)}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={review.isPending}>
                Reject application
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group justify="flex-end">
          <Button
            variant="default"
            color="red"
            onClick={() => setRejecting(true)}
            disabled={review.isPending}
          >
            Reject
          </Button>
          <Button color="green" onClick={approve} loading={review.isPending}>
            Approve
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Every field of one application, its review so far, and the decision buttons while it is open. */
export function ApplicationDrawer({
  kind,
  id,
  onClose,
}: {
  kind: ApplicationKind;
  id: number | null;
  onClose: () => void;
}) {
  const application = useApplication(kind, id);
  return (
    <AdminDetailDrawer id={id} query={application} label="application" title={titleOf} onClose={onClose}>
      {(data) => (
        <Stack gap="lg">
          <Group gap="sm">
            <ApplicationStatusBadge status={data.status} />
            <Text size="sm" c="dimmed">
              {data.submitted_at ? `Submitted ${formatDateTime(data.submitted_at)}` : 'Not submitted yet'}
            </Text>
          </Group>
          {data.kind === 'managers' ? (
            <ManagerFields application={data} />
          ) : (
            <VendorFields application={data} />
          )}
          <DetailFieldGroup title="Review">
            <DetailField label="Account">{accountState(data.user_is_active)}</DetailField>
            <DetailField label="Reviewed">
              {data.reviewed_at
                ? `${formatDateTime(data.reviewed_at)} by ${data.reviewed_by ?? 'staff'}`
                : 'Not yet'}
            </DetailField>
            {data.review_note ? <DetailField label="Reason">{data.review_note}</DetailField> : null}
          </DetailFieldGroup>
          {data.status === REVIEWABLE_STATUS[kind] ? <ReviewActions kind={kind} application={data} /> : null}
        </Stack>
      )}
    </AdminDetailDrawer>
  );
}
