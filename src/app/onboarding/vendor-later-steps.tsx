import { Button, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendar, IconCreditCard, IconUpload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDate } from '#shared/date-display.ts';
import { formatPlanPrice } from '#shared/plan-price.ts';
import { CERTIFICATE_ACCEPT, type VendorDraft } from '#shared/vendor-application.ts';
import type { VendorPlan } from './api.ts';
import { ReviewList } from './review-list.tsx';
import { localToday, VENDOR_COMPANY_FIELDS, type VendorCompanyValues } from './vendor-application-steps.ts';
import { VENDOR_LABELS } from './vendor-company-fields.tsx';

// The vendor wizard's steps after the first, and its payment screen: loaded by the page
// (vendor-application-page.tsx) when Next leaves the first step, so the first load, the prerendered
// page's stylesheets and its hydration carry only the company fields.

export { VendorPlanPicker } from './vendor-plan-picker.tsx';

type CertificateOnFile = VendorDraft['insurance_certificate'];

/** How a certificate uploaded on a previous visit is named: the server keeps its kind and size only. */
function onFileText(onFile: NonNullable<CertificateOnFile>): string {
  const kind = onFile.content_type === 'application/pdf' ? 'PDF' : 'image';
  return `Uploaded earlier (${kind}, ${Math.max(1, Math.round(onFile.size / 1024))} KB)`;
}

const EXPIRY_FORMAT = 'MMM D, YYYY';

/** Step 1: the insurance certificate and the date it expires. */
export function VendorInsuranceStep({
  certificate,
  onFile,
  error,
  onChange,
  expiresOn,
  expiryError,
  onExpiryChange,
}: {
  certificate: File | null;
  /** A certificate saved on a previous visit: kept unless another file is chosen. */
  onFile: CertificateOnFile;
  error: string | null;
  onChange: (file: File | null) => void;
  /** YYYY-MM-DD. */
  expiresOn: string | null;
  expiryError: string | null;
  onExpiryChange: (date: string | null) => void;
}) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <FileInput
          label="Insurance Certificate"
          description={
            onFile && !certificate
              ? `${onFileText(onFile)}. Choose a file only to replace it.`
              : 'A PDF or an image, less than 5MB.'
          }
          placeholder="Choose a file"
          accept={CERTIFICATE_ACCEPT}
          leftSection={<IconUpload size={16} aria-hidden />}
          withAsterisk
          clearable
          value={certificate}
          onChange={onChange}
          error={error}
        />
        <DateInput
          label="Certificate Expiry Date"
          description="The last day the certificate covers, as printed on it."
          placeholder="Pick a date"
          valueFormat={EXPIRY_FORMAT}
          minDate={localToday()}
          leftSection={<IconCalendar size={16} aria-hidden />}
          ariaLabels={{
            nextMonth: 'Next month',
            previousMonth: 'Previous month',
            monthLevelControl: 'Change month',
          }}
          withAsterisk
          clearable
          value={expiresOn}
          onChange={onExpiryChange}
          error={expiryError}
        />
      </Stack>
    </Paper>
  );
}

const planText = (plan: VendorPlan) => `${plan.name} (${formatPlanPrice(plan.price, plan.frequency)})`;

/** Step 3: every answer under its label. */
export function VendorReviewStep({
  values,
  certificate,
  onFile,
  expiresOn,
  plan,
}: {
  values: VendorCompanyValues;
  certificate: File | null;
  onFile: CertificateOnFile;
  expiresOn: string | null;
  plan: VendorPlan | undefined;
}) {
  return (
    <Paper withBorder p="lg" radius="md">
      <ReviewList
        rows={[
          ...VENDOR_COMPANY_FIELDS.map((name) => ({ label: VENDOR_LABELS[name], value: values[name] })),
          {
            label: 'Insurance Certificate',
            value: certificate?.name ?? (onFile ? onFileText(onFile) : ''),
          },
          { label: 'Certificate Expiry Date', value: expiresOn ? formatDate(expiresOn, 'UTC') : '' },
          { label: 'Plan', value: plan ? planText(plan) : '' },
        ]}
      />
    </Paper>
  );
}

/** After Submit Application: the chosen plan and the way to the checkout page. */
export function VendorPaymentScreen({
  plan,
  alert,
  busy,
  onBack,
  onPay,
}: {
  plan: VendorPlan;
  alert: ReactNode;
  busy: boolean;
  onBack: () => void;
  onPay: () => void;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} maw={560} mx="auto">
      <Stack gap="md">
        <Group gap="sm">
          <IconCreditCard size={32} color="var(--mantine-color-fieldbid-6)" aria-hidden />
          <Title order={1} fz="h2">
            Payment
          </Title>
        </Group>
        <Text>
          Your application is ready. Pay for the <b>{plan.name}</b> plan (
          {formatPlanPrice(plan.price, plan.frequency)}) on the secure checkout page to complete it.
        </Text>
        {alert}
        <Group justify="space-between">
          <Button variant="default" onClick={onBack} disabled={busy}>
            Back
          </Button>
          <Button onClick={onPay} loading={busy}>
            Proceed to Payment
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
