import { Anchor, Button, Drawer, Group, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type ReactNode, useState } from 'react';
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
import { AdminSectionState } from './admin-section-state.tsx';
import { ApplicationStatusBadge } from './application-status-badge.tsx';
import { useApplication, useReviewApplication } from './applications-api.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }} component="div">
        {children === '' || children === null || children === undefined ? '—' : children}
      </Text>
    </div>
  );
}

function FieldGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Stack>
  );
}

const titleOf = (data: ApplicationDetail) =>
  (data.kind === 'managers' ? data.company_name : data.vendor_name) || 'Application';
const dateOrDash = (value: string | null) => (value ? formatDateTime(value) : '—');
const accountState = (active: boolean | null) =>
  active === null ? 'No account yet' : active ? 'Active' : 'Deactivated';

function ContactFields({ application }: { application: ApplicationDetail }) {
  return (
    <FieldGroup title="Contact">
      <Field label="Name">{`${application.first_name} ${application.last_name}`.trim()}</Field>
      <Field label="Job title">{application.job_title}</Field>
      <Field label="Email">{application.email}</Field>
      <Field label="Phone">{application.phone ? formatPhone(application.phone) : ''}</Field>
    </FieldGroup>
  );
}

function ManagerFields({ application }: { application: Extract<ApplicationDetail, { kind: 'managers' }> }) {
  return (
    <>
      <FieldGroup title="Building">
        <Field label="Building name">{application.building_name}</Field>
        <Field label="Building address">{application.building_address}</Field>
        <Field label="Office phone">
          {application.office_phone ? formatPhone(application.office_phone) : ''}
        </Field>
        <Field label="EIN">{application.ein ? formatEin(application.ein) : ''}</Field>
        <Field label="Total employees">{application.total_employees ?? ''}</Field>
      </FieldGroup>
      <ContactFields application={application} />
      <FieldGroup title="Company">
        <Field label="Company name">{application.company_name}</Field>
        <Field label="Company address">{application.company_address}</Field>
        <Field label="Logo">
          {application.company_logo ? (
            <Anchor href={application.company_logo} target="_blank" rel="noreferrer">
              Open logo
            </Anchor>
          ) : (
            ''
          )}
        </Field>
      </FieldGroup>
    </>
  );
}

function VendorFields({ application }: { application: Extract<ApplicationDetail, { kind: 'vendors' }> }) {
  return (
    <>
      <FieldGroup title="Company">
        <Field label="Vendor name">{application.vendor_name}</Field>
        <Field label="Industry">{application.industry}</Field>
        <Field label="Address">{application.address}</Field>
        <Field label="Registered state">{application.registered_state}</Field>
        <Field label="EIN">{application.ein ? formatEin(application.ein) : ''}</Field>
        <Field label="Total employees">{application.total_employees ?? ''}</Field>
      </FieldGroup>
      <ContactFields application={application} />
      <FieldGroup title="Insurance">
        <Field label="Certificate">
          {application.insurance_certificate_url ? (
            <Anchor href={application.insurance_certificate_url} target="_blank" rel="noreferrer">
              Open certificate
            </Anchor>
          ) : (
            ''
          )}
        </Field>
        <Field label="Expires on">
          {application.insurance_expires_on ? formatDate(application.insurance_expires_on) : ''}
        </Field>
      </FieldGroup>
      <FieldGroup title="Plan and payment">
        <Field label="Plan">
          {application.plan
            ? `${application.plan.name}, ${formatPlanPrice(application.plan.price, application.plan.frequency)}`
            : ''}
        </Field>
        <Field label="Subscription">
          {application.subscription
            ? `${application.subscription.status} (${application.subscription.provider})`
            : 'None'}
        </Field>
        <Field label="Paid">{dateOrDash(application.paid_at)}</Field>
        <Field label="Confirmation number">{application.confirmation_number ?? ''}</Field>
      </FieldGroup>
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
  const data = application.data;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={data ? titleOf(data) : 'Application'}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <AdminSectionState
        loading={application.isPending && id !== null}
        error={application.isError}
        empty={false}
        emptyText=""
        onRetry={() => application.refetch()}
        label="application"
      />
      {data ? (
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
          <FieldGroup title="Review">
            <Field label="Account">{accountState(data.user_is_active)}</Field>
            <Field label="Reviewed">
              {data.reviewed_at
                ? `${formatDateTime(data.reviewed_at)} by ${data.reviewed_by ?? 'staff'}`
                : 'Not yet'}
            </Field>
            {data.review_note ? <Field label="Reason">{data.review_note}</Field> : null}
          </FieldGroup>
          {data.status === REVIEWABLE_STATUS[kind] ? <ReviewActions kind={kind} application={data} /> : null}
        </Stack>
      ) : null}
    </Drawer>
  );
}
