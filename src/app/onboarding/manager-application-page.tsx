import { Button, Paper, Skeleton, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { usePageTitle } from '#app/ui/page-title.ts';
import { useTextTypedBeforeHydration } from '#app/ui/prerendered-form.ts';
import { useHydrated } from '#app/ui/use-hydrated.ts';
import { formatEin, formatPhone } from '#shared/formatters.ts';
import {
  managerSubmitErrorText,
  saveManagerStep,
  serverFieldErrors,
  useManagerDraft,
  useSubmitManagerApplication,
} from './api.ts';
import { emailError } from './email-taken-error.tsx';
import { useFirstErrorFocus } from './first-error-focus.ts';
import {
  EMPTY_MANAGER_APPLICATION,
  MANAGER_STEPS,
  type ManagerApplicationValues,
  type ManagerField,
  managerStepOf,
  managerValuesFromDraft,
  validateManagerApplication,
  validateManagerStep,
} from './manager-application-steps.ts';
import { ReviewList } from './review-list.tsx';
import { WizardNav } from './wizard-frame.tsx';
import { WizardStepper } from './wizard-stepper.tsx';

const LABELS: Record<ManagerField, string> = {
  building_name: 'Building Name',
  building_address: 'Building Address',
  office_phone: 'Office Phone',
  ein: 'EIN',
  total_employees: 'Total Employees',
  first_name: 'First Name',
  last_name: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  job_title: 'Job Title',
  company_name: 'Company Name',
  company_address: 'Company Address',
  company_logo: 'Company Logo URL',
};

const LAST_STEP = MANAGER_STEPS.length - 1;

/** /property-manager-application: the four-step wizard (public spec, sections 2, 4, 5 and 8). */
export function ManagerApplicationPage() {
  usePageTitle('Property Manager Application · FieldBid');
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const fieldsRef = useRef<HTMLDivElement>(null);
  const focusFirstError = useFirstErrorFocus(fieldsRef);
  // The prerendered first step takes typing before the app takes over; what was typed is kept.
  useTextTypedBeforeHydration(fieldsRef);
  const submit = useSubmitManagerApplication();
  const form = useForm<ManagerApplicationValues>({
    initialValues: EMPTY_MANAGER_APPLICATION,
    // Live on change, field by field (section 5); Next checks the whole current step.
    validateInputOnChange: true,
    validate: (values) => validateManagerApplication(values),
  });

  // A reload (or a phone back from another app) resumes where the session's draft stopped, unless
  // the visitor has started typing meanwhile.
  const draft = useManagerDraft();
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || !draft.data) return;
    resumed.current = true;
    if (draft.data.step === 0 || form.isDirty()) return;
    form.setValues(managerValuesFromDraft(draft.data.fields));
    form.resetDirty();
    setStep(Math.min(draft.data.step, LAST_STEP));
  }, [draft.data, form]);

  const showErrors = (errors: Partial<Record<ManagerField, string>>) => {
    form.setErrors(errors);
    focusFirstError();
  };

  const field = (
    name: ManagerField,
    extra: { required?: boolean; format?: (value: string) => string } = {},
  ) => {
    const props = form.getInputProps(name);
    return {
      ...props,
      label: LABELS[name],
      withAsterisk: extra.required ?? true,
      onChange: (event: ChangeEvent<HTMLInputElement>) =>
        form.setFieldValue(
          name,
          extra.format ? extra.format(event.currentTarget.value) : event.currentTarget.value,
        ),
    };
  };

  // Next checks the step, then saves it: the server has the last word on the email (an account may
  // already use it), and a reload resumes from what is saved.
  const next = async () => {
    setSubmitError(null);
    const errors = validateManagerStep(step, form.getValues());
    if (Object.keys(errors).length > 0) {
      showErrors(errors);
      return;
    }
    setSaving(true);
    try {
      await saveManagerStep(step, form.getValues());
      setStep((current) => Math.min(current + 1, LAST_STEP));
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      if (Object.keys(fieldErrors).length > 0) showErrors(fieldErrors);
      else setSubmitError(managerSubmitErrorText(error));
    } finally {
      setSaving(false);
    }
  };

  const runSubmit = async () => {
    setSubmitError(null);
    try {
      const redirectUrl = await submit.mutateAsync(form.getValues());
      if (redirectUrl.startsWith('/')) navigate(redirectUrl);
      else window.location.assign(redirectUrl);
    } catch (error) {
      // A field the server refused goes back to its step, with its message under it.
      const fieldErrors = serverFieldErrors(error);
      const first = Object.keys(fieldErrors)[0];
      submit.reset();
      if (first !== undefined) {
        setStep(managerStepOf(first));
        showErrors(fieldErrors);
      }
      setSubmitError(managerSubmitErrorText(error));
    }
  };

  if (submit.isPending || submit.isSuccess) {
    return (
      <Stack gap="md" role="status" aria-label="Submitting application">
        <Skeleton height={36} width="60%" />
        <Skeleton height={48} />
        <Skeleton height={200} />
        <Skeleton height={36} width={140} ml="auto" />
      </Stack>
    );
  }

  const values = form.getValues();
  return (
    <Stack gap="lg">
      <PageHeading title="Property Manager Application">
        Tell us about your building, your administrator and your company.
      </PageHeading>

      <div ref={fieldsRef}>
        <WizardStepper steps={MANAGER_STEPS} active={step} onStepClick={setStep}>
          <Paper withBorder p="lg" radius="md">
            <Stack gap="sm">
              <TextInput {...field('building_name')} />
              <TextInput {...field('building_address')} />
              <TextInput
                {...field('office_phone', { format: formatPhone })}
                type="tel"
                placeholder="(555) 555-5555"
              />
              <TextInput
                {...field('ein', { format: formatEin })}
                inputMode="numeric"
                placeholder="12-3456789"
              />
              <TextInput {...field('total_employees')} inputMode="numeric" />
            </Stack>
          </Paper>
          <Paper withBorder p="lg" radius="md">
            <Stack gap="sm">
              <TextInput {...field('first_name')} autoComplete="given-name" />
              <TextInput {...field('last_name')} autoComplete="family-name" />
              <TextInput
                {...field('email')}
                error={emailError(form.errors.email)}
                type="email"
                autoComplete="email"
              />
              <TextInput
                {...field('phone', { format: formatPhone })}
                type="tel"
                placeholder="(555) 555-5555"
              />
              <TextInput {...field('job_title')} />
            </Stack>
          </Paper>
          <Paper withBorder p="lg" radius="md">
            <Stack gap="sm">
              <TextInput {...field('company_name')} />
              <TextInput {...field('company_address')} />
              <TextInput {...field('company_logo', { required: false })} type="url" placeholder="https://" />
            </Stack>
          </Paper>
          <Paper withBorder p="lg" radius="md">
            <ReviewList
              rows={(Object.keys(LABELS) as ManagerField[]).map((name) => ({
                label: LABELS[name],
                value: values[name],
              }))}
            />
          </Paper>
        </WizardStepper>
      </div>

      {submitError ? <ErrorAlert>{submitError}</ErrorAlert> : null}

      <WizardNav step={step} last={LAST_STEP} busy={saving} onStep={setStep} onNext={next} inert={!hydrated}>
        <Button onClick={runSubmit}>Submit</Button>
      </WizardNav>
    </Stack>
  );
}
