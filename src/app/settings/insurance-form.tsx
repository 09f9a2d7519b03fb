import { Alert, Anchor, Badge, FileInput, Group, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { useState } from 'react';
import { isApiError } from '#app/lib/api-error.ts';
import { CenteredLoader } from '#app/ui/centered-loader.tsx';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { certificateFileError } from '#shared/certificate-file.ts';
import { insuranceStateText } from '#shared/insurance-state.ts';
import { INSURANCE_EXPIRY_MESSAGES } from '#shared/user-profile.ts';
import { CERTIFICATE_ACCEPT } from '#shared/vendor-application.ts';
import { useInsurance, useUploadInsurance } from './api.ts';
import { SaveBar } from './save-bar.tsx';

const DATE_FORMAT = 'MMM D, YYYY';
const LOAD_INSURANCE_FAILED = 'Failed to load insurance details';

/**
 * The vendor's insurance certificate: what is on file and until when, and a new
 * certificate with its expiry date. Type and 5MB are checked here before sending, like the vendor
 * wizard; the server checks the content again. Bids are refused once the date has passed.
 */
export function InsuranceForm() {
  const insurance = useInsurance(true);
  const upload = useUploadInsurance();
  const [file, setFile] = useState<File | null>(null);
  const [expiresOn, setExpiresOn] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ file?: string | null; date?: string | null }>({});
  const [saved, setSaved] = useState(false);
  const [failed, setFailed] = useState(false);

  if (insurance.isPending) return <CenteredLoader label="Loading insurance" />;
  if (insurance.isError) return <ErrorAlert>{LOAD_INSURANCE_FAILED}</ErrorAlert>;
  const status = insurance.data;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setFailed(false);
    const next = {
      file: certificateFileError(file),
      date: expiresOn ? null : INSURANCE_EXPIRY_MESSAGES.required,
    };
    setErrors(next);
    if (next.file || next.date || !file || !expiresOn) return;
    upload.mutate(
      { certificate: file, expiresOn },
      {
        onSuccess: () => {
          setSaved(true);
          setFile(null);
          setExpiresOn(null);
        },
        onError: (error) => {
          const fields = isApiError(error) ? error.fieldErrors : {};
          const known = { file: fields.insurance_certificate?.[0], date: fields.insurance_expires_on?.[0] };
          setErrors(known);
          if (!known.file && !known.date) setFailed(true);
        },
      },
    );
  };

  return (
    <Stack gap="md" maw={520}>
      <Stack gap={4}>
        <Text fw={600}>Certificate on file</Text>
        {/* The same reading and words as the managers' Vendors screen (insurance-state.ts). */}
        <Group gap="xs" data-testid="insurance-state">
          <Text size="sm" c={status.status === 'missing' ? 'dimmed' : undefined}>
            {insuranceStateText(status.status, status.insurance_expires_on)}
          </Text>
          {status.status === 'valid' ? <Badge color="green">Current</Badge> : null}
          {status.status === 'expired' ? <Badge color="red">Expired</Badge> : null}
          {status.certificate_url ? (
            <Anchor href={status.certificate_url} target="_blank" rel="noopener" size="sm">
              View certificate
            </Anchor>
          ) : null}
        </Group>
        {status.status === 'expired' ? (
          <Alert color="red" variant="light">
            Your insurance certificate has expired. Upload a current certificate to keep bidding.
          </Alert>
        ) : null}
        {status.status === 'undated' ? (
          <Alert color="yellow" variant="light">
            Managers see that your certificate has no expiry date. Upload it again with the date it expires.
          </Alert>
        ) : null}
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FileInput
            label="New insurance certificate"
            description="PDF or image, up to 5MB"
            placeholder="Choose a file"
            accept={CERTIFICATE_ACCEPT}
            clearable
            value={file}
            onChange={(next) => {
              setFile(next);
              setErrors((current) => ({ ...current, file: next ? certificateFileError(next) : null }));
            }}
            error={errors.file}
          />
          <DateInput
            label="Expiry date"
            placeholder="Pick the date the certificate expires"
            valueFormat={DATE_FORMAT}
            minDate={dayjs().format('YYYY-MM-DD')}
            clearable
            value={expiresOn}
            onChange={(value) => {
              setExpiresOn(value);
              setErrors((current) => ({ ...current, date: null }));
            }}
            error={errors.date}
          />
          <SaveBar saving={upload.isPending} saved={saved} failed={failed} />
        </Stack>
      </form>
    </Stack>
  );
}
