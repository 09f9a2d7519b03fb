import { Button, Paper, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { isApiError } from '#app/lib/api-error.ts';
import { afterLoadAndIdle } from '#app/start-timing.ts';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { usePageTitle } from '#app/ui/page-title.ts';
import { useTextTypedBeforeHydration } from '#app/ui/prerendered-form.ts';
import { useHydrated } from '#app/ui/use-hydrated.ts';
import type { VendorDraft } from '#shared/vendor-application.ts';
import {
  saveVendorCompanyInfo,
  saveVendorInsurance,
  serverFieldErrors,
  submitVendorApplication,
  useVendorDraft,
  useVendorPlans,
  vendorPlansQuery,
} from './api.ts';
import { useFirstErrorFocus } from './first-error-focus.ts';
import {
  certificateError,
  EMPTY_VENDOR_COMPANY,
  expiryDateError,
  PLAN_REQUIRED,
  VENDOR_STEPS,
  type VendorCompanyValues,
  validateVendorCompany,
  vendorValuesFromDraft,
} from './vendor-application-steps.ts';
import { VendorCompanyFields } from './vendor-company-fields.tsx';
import { WizardNav } from './wizard-frame.tsx';
import { WizardStepper } from './wizard-stepper.tsx';

// Steps 1 to 3 and the payment screen (file input, plan cards, review) load when Next leaves step 0
//: the Stepper renders the current step only, so the first step never waits for them.
const loadLaterSteps = () => import('./vendor-later-steps.tsx');
const VendorInsuranceStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.VendorInsuranceStep })));
const VendorPlanPicker = lazy(() => loadLaterSteps().then((m) => ({ default: m.VendorPlanPicker })));
const VendorReviewStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.VendorReviewStep })));
const VendorPaymentScreen = lazy(() => loadLaterSteps().then((m) => ({ default: m.VendorPaymentScreen })));

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
  // The certificate a previous visit uploaded: the server keeps it, the browser cannot get it back.
  const [certificateOnFile, setCertificateOnFile] = useState<VendorDraft['insurance_certificate']>(null);
  const [certificateMessage, setCertificateMessage] = useState<string | null>(null);
  // The certificate's expiry date (YYYY-MM-DD), asked for beside the file.
  const [expiresOn, setExpiresOn] = useState<string | null>(null);
  const [expiryMessage, setExpiryMessage] = useState<string | null>(null);
  const [planId, setPlanId] = useState<string | null>(null);
  const [planMessage, setPlanMessage] = useState<string | null>(null);
  // Asked for once the page is up, so the plan step shows them without waiting; listened to from that
  // step on. Not in the hydration's commit: the call's start was a fifth of that long task.
  const queryClient = useQueryClient();
  useEffect(() => {
    let asked = true;
    void afterLoadAndIdle().then(() => {
      if (asked) void queryClient.prefetchQuery(vendorPlansQuery());
    });
    return () => {
      asked = false;
    };
  }, [queryClient]);
  const plans = useVendorPlans(step >= PLAN_STEP);
  const form = useForm<VendorCompanyValues>({
    initialValues: EMPTY_VENDOR_COMPANY,
    validateInputOnChange: true,
    validate: validateVendorCompany,
  });
  const plan = plans.data?.find((candidate) => String(candidate.id) === planId);
  const fieldsRef = useRef<HTMLDivElement>(null);
  const focusFirstError = useFirstErrorFocus(fieldsRef);
  // The prerendered first step takes typing before the app takes over; what was typed is kept.
  useTextTypedBeforeHydration(fieldsRef);

  // A reload (or a phone back from another app with the PDF) resumes where the session's draft
  // stopped, unless the visitor has started typing meanwhile.
  const draft = useVendorDraft();
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || !draft.data) return;
    resumed.current = true;
    const saved = draft.data;
    if (saved.step === 0 || form.isDirty()) return;
    form.setValues(vendorValuesFromDraft(saved.fields));
    form.resetDirty();
    setCertificateOnFile(saved.insurance_certificate);
    setExpiresOn(saved.insurance_certificate?.expires_on ?? null);
    if (saved.plan_id !== null) setPlanId(String(saved.plan_id));
    setStep(Math.min(saved.step, LAST_STEP));
  }, [draft.data, form]);

  // Validate the step, save steps 0 and 1, then move on; step 2 saves nothing (section 4).
  const next = async () => {
    setAlert(null);
    if (step === 0) {
      if (form.validate().hasErrors) {
        focusFirstError();
        return;
      }
      // The next steps' chunk comes beside the save: step 1 shows without a blank moment.
      const later = loadLaterSteps().catch(() => undefined);
      if (
        !(await attempt(() => saveVendorCompanyInfo(form.getValues()), 'Failed to save company information'))
      )
        return;
      await later;
    } else if (step === 1) {
      // The file is kept from a previous visit unless another is chosen; the date is always asked.
      const keepFile = certificate === null && certificateOnFile !== null;
      const fileMessage = keepFile ? null : certificateError(certificate);
      const dateMessage = expiryDateError(expiresOn);
      setCertificateMessage(fileMessage);
      setExpiryMessage(dateMessage);
      if (fileMessage !== null || dateMessage !== null || expiresOn === null) return;
      if (keepFile && certificateOnFile.expires_on === expiresOn) {
        setStep(PLAN_STEP);
        return;
      }
      if (!(await saveInsurance(certificate, expiresOn))) return;
      setCertificateOnFile(
        certificate
          ? { content_type: certificate.type, size: certificate.size, expires_on: expiresOn }
          : certificateOnFile && { ...certificateOnFile, expires_on: expiresOn },
      );
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
    } catch (error) {
      // A field the server refused (an email that has an account) goes under its field.
      const fieldErrors = serverFieldErrors(error);
      if (Object.keys(fieldErrors).length > 0) {
        form.setErrors(fieldErrors);
        focusFirstError();
      } else setAlert(failure);
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** Step 1's save: a refused file or date goes under its field, anything else in the alert. */
  const saveInsurance = async (file: File | null, date: string): Promise<boolean> => {
    setBusy(true);
    try {
      await saveVendorInsurance(file, date);
      return true;
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields.insurance_certificate || fields.insurance_expires_on) {
        setCertificateMessage(fields.insurance_certificate ?? null);
        setExpiryMessage(fields.insurance_expires_on ?? null);
      } else setAlert('Failed to save insurance information');
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
      <Suspense fallback={null}>
        <VendorPaymentScreen
          plan={plan}
          alert={errorAlert}
          busy={busy}
          onBack={() => setPaying(false)}
          onPay={pay}
        />
      </Suspense>
    );
  }

  return (
    <Stack gap="lg" maw={step === PLAN_STEP ? undefined : 760} mx="auto">
      <PageHeading title="Vendor Application">
        Apply to bid on maintenance jobs from property managers.
      </PageHeading>
      <div ref={fieldsRef}>
        <WizardStepper steps={VENDOR_STEPS} active={step} onStepClick={setStep}>
          <Paper withBorder p="lg" radius="md">
            <VendorCompanyFields form={form} />
          </Paper>
          <Suspense fallback={null}>
            <VendorInsuranceStep
              certificate={certificate}
              onFile={certificateOnFile}
              error={certificateMessage}
              onChange={(file) => {
                setCertificate(file);
                setCertificateMessage(file ? certificateError(file) : null);
              }}
              expiresOn={expiresOn}
              expiryError={expiryMessage}
              onExpiryChange={(date) => {
                setExpiresOn(date);
                setExpiryMessage(null);
              }}
            />
          </Suspense>
          <Suspense fallback={null}>
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
          </Suspense>
          <Suspense fallback={null}>
            <VendorReviewStep
              values={form.getValues()}
              certificate={certificate}
              onFile={certificateOnFile}
              expiresOn={expiresOn}
              plan={plan}
            />
          </Suspense>
        </WizardStepper>
      </div>
      {errorAlert}
      <WizardNav step={step} last={LAST_STEP} busy={busy} onStep={setStep} onNext={next} inert={!hydrated}>
        <Button onClick={() => setPaying(true)}>Submit Application</Button>
      </WizardNav>
    </Stack>
  );
}
