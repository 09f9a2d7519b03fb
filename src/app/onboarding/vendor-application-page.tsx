import { Button, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCreditCard, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '#app/lib/api-error.ts';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { usePageTitle } from '#app/ui/page-title.ts';
import { useHydrated } from '#app/ui/use-hydrated.ts';
import { formatUsd } from '#shared/formatters.ts';
import { CERTIFICATE_ACCEPT } from '#shared/vendor-application.ts';
import {
  saveVendorCompanyInfo,
  saveVendorInsurance,
  submitVendorApplication,
  useVendorPlans,
} from './api.ts';
import { ReviewList } from './review-list.tsx';
import {
  certificateError,
  EMPTY_VENDOR_COMPANY,
  PLAN_REQUIRED,
  VENDOR_COMPANY_FIELDS,
  VENDOR_STEPS,
  type VendorCompanyValues,
  validateVendorCompany,
} from './vendor-application-steps.ts';
import { VENDOR_LABELS, VendorCompanyFields } from './vendor-company-fields.tsx';
import { VendorPlanPicker } from './vendor-plan-picker.tsx';
import { WizardStepper } from './wizard-stepper.tsx';

const LAST_STEP = VENDOR_STEPS.length - 1;
const PLAN_STEP = 2;

/** /vendor-application: the four-step wizard, then the payment screen (public spec, sections 2, 4, 5, 8). */
export function VendorApplicationPage() {
  usePageTitle('Vendor Application · FieldBid');
  const hydrated = useHydrated();
  const [step, setStep] = useState(0);
  const [paying, setPaying] = useState(false);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [certificate, setCertificate] = useState<File | null>(null);
  const [certificateMessage, setCertificateMessage] = useState<string | null>(null);
  const [planId, setPlanId] = useState<string | null>(null);
  const [planMessage, setPlanMessage] = useState<string | null>(null);
  const plans = useVendorPlans();
  const form = useForm<VendorCompanyValues>({
    initialValues: EMPTY_VENDOR_COMPANY,
    validateInputOnChange: true,
    validate: validateVendorCompany,
  });
  const plan = plans.data?.find((candidate) => String(candidate.id) === planId);

  // Validate the step, save steps 0 and 1, then move on; step 2 saves nothing (section 4).
  const next = async () => {
    setAlert(null);
    if (step === 0) {
      if (form.validate().hasErrors) return;
      if (
        !(await attempt(() => saveVendorCompanyInfo(form.getValues()), 'Failed to save company information'))
      )
        return;
    } else if (step === 1) {
      const message = certificateError(certificate);
      setCertificateMessage(message);
      if (message !== null || certificate === null) return;
      if (!(await attempt(() => saveVendorInsurance(certificate), 'Failed to save insurance information')))
        return;
    } else if (step === PLAN_STEP && plan === undefined) {
      setPlanMessage(PLAN_REQUIRED);
      return;
    }
    setStep((current) => Math.min(current + 1, LAST_STEP));
  };

  const attempt = async (save: () => Promise<unknown>, failure: string): Promise<boolean> => {
    setBusy(true);
    try {
      await save();
      return true;
    } catch {
      setAlert(failure);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const pay = async () => {
    if (plan === undefined) return;
    setAlert(null);
    setBusy(true);
    try {
      window.location.assign(await submitVendorApplication(plan.id));
    } catch (error) {
      // The server refused to open a checkout, or we never reached it / got no address back.
      setAlert(
        isApiError(error) && !error.isNetworkError
          ? 'Failed to create checkout session'
          : 'Failed to initialize payment',
      );
      setBusy(false);
    }
  };

  const errorAlert = alert ? <ErrorAlert>{alert}</ErrorAlert> : null;

  if (paying && plan) {
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
            Your application is ready. Pay for the <b>{plan.name}</b> plan ({formatUsd(plan.price)} /{' '}
            {plan.frequency}) on the secure checkout page to complete it.
          </Text>
          {errorAlert}
          <Group justify="space-between">
            <Button variant="default" onClick={() => setPaying(false)} disabled={busy}>
              Back
            </Button>
            <Button onClick={pay} loading={busy}>
              Proceed to Payment
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }

  const values = form.getValues();
  return (
    <Stack gap="lg" maw={step === PLAN_STEP ? undefined : 760} mx="auto">
      <div>
        <Title order={1} fz="h2">
          Vendor Application
        </Title>
        <Text c="dimmed" mt={4}>
          Apply to bid on maintenance jobs from property managers.
        </Text>
      </div>
      <WizardStepper steps={VENDOR_STEPS} active={step} onStepClick={setStep} inert={!hydrated}>
        <Paper withBorder p="lg" radius="md">
          <VendorCompanyFields form={form} />
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <FileInput
            label="Insurance Certificate"
            description="A PDF or an image, less than 5MB."
            placeholder="Choose a file"
            accept={CERTIFICATE_ACCEPT}
            leftSection={<IconUpload size={16} aria-hidden />}
            withAsterisk
            clearable
            value={certificate}
            onChange={(file) => {
              setCertificate(file);
              setCertificateMessage(file ? certificateError(file) : null);
            }}
            error={certificateMessage}
          />
        </Paper>
        <VendorPlanPicker
          plans={plans.data}
          failed={plans.isError}
          value={planId}
          onChange={(id) => {
            setPlanId(id);
            setPlanMessage(null);
          }}
          error={planMessage}
        />
        <Paper withBorder p="lg" radius="md">
          <ReviewList
            rows={[
              ...VENDOR_COMPANY_FIELDS.map((name) => ({ label: VENDOR_LABELS[name], value: values[name] })),
              { label: 'Insurance Certificate', value: certificate?.name ?? '' },
              {
                label: 'Plan',
                value: plan ? `${plan.name} (${formatUsd(plan.price)} / ${plan.frequency})` : '',
              },
            ]}
          />
        </Paper>
      </WizardStepper>
      {errorAlert}
      <Group justify="space-between" inert={!hydrated}>
        <Button
          variant="default"
          onClick={() => setStep((current) => Math.max(current - 1, 0))}
          disabled={step === 0 || busy}
        >
          Back
        </Button>
        {step < LAST_STEP ? (
          <Button onClick={next} loading={busy}>
            Next
          </Button>
        ) : (
          <Button onClick={() => setPaying(true)}>Submit Application</Button>
        )}
      </Group>
    </Stack>
  );
}
