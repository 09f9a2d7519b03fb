import {
  Alert,
  Button,
  Checkbox,
  FileButton,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck, IconInfoCircle, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useVendorDocumentation } from '#app/asbuilds/api.ts';
import { SpotPicker } from '#app/asbuilds/spot-picker.tsx';
import { isApiError } from '#app/lib/api-error.ts';
import { useSelectedProperty } from '#app/properties/selected-property-context.tsx';
import { useVendorOptions } from '#app/requests/api.ts';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { SERVICE_CATEGORIES } from '#shared/categories.ts';
import { TIMEFRAMES } from '#shared/statuses.ts';
import type { UserProject } from '#shared/user-projects.ts';
import { useCreateVendorRequest } from './vendor-request-api.ts';
import { VendorRequestQueued } from './vendor-request-queued.tsx';
import {
  EMPTY_VENDOR_REQUEST,
  filesSelectedText,
  type VendorRequestValues,
  validateVendorRequest,
} from './vendor-request-values.ts';

/**
 * A report goes to the property's managers first; which vendors see it is theirs to decide (the
 * server stores it closed and uninvited, whatever the form's vendor choices: docs/decisions/vendor-reports-held-for-managers.md).
 */
const MANAGERS_CHOOSE = "Chosen by the property's managers";
const MANAGERS_CHOOSE_HINT =
  "The property's managers see your report first and decide which vendors are invited.";

/** The form's red alert: the server's words, a photo that could not be read, or a retry hint. */
function submitFailureText(error: unknown): string {
  if (isApiError(error)) {
    return (
      error.nonFieldErrors[0] ??
      error.serverMessage ??
      'The request could not be submitted. Please try again.'
    );
  }
  // createImageBitmap refuses a file it cannot decode with a DOMException.
  if (error instanceof DOMException) return 'A photo could not be read. Choose another photo.';
  if (error instanceof Error && error.message) return error.message;
  return 'The request could not be submitted. Please try again.';
}

interface Submitted {
  id: number;
  type: string;
  description: string;
  timeframe: string;
  vendors: string;
}

/**
 * The vendor dashboard's Create Request form (signed-in spec, sections 3 and 4): editing, submitting,
 * success. The request goes to the manager of the selected property, which must be one where the
 * vendor holds an accepted bid (GET /api/user/projects/ lists only those for a vendor).
 */
export function VendorRequestDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Create Request"
      size="lg"
      fullScreen={narrow}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {opened ? <VendorRequestBody onClose={onClose} /> : null}
    </Modal>
  );
}

function VendorRequestBody({ onClose }: { onClose: () => void }) {
  const { selected, isLoading } = useSelectedProperty();
  if (isLoading) return <Text c="dimmed">Loading...</Text>;
  if (!selected) {
    return (
      <Stack gap="md">
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle aria-hidden />}
          title="No property to send it to"
        >
          A request goes to the manager of a property where you work. Once a manager awards you a job, its
          property appears in the property menu at the top, and you can raise requests for it here.
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    );
  }
  return <VendorRequestForm property={selected} onClose={onClose} />;
}

function VendorRequestForm({ property, onClose }: { property: UserProject; onClose: () => void }) {
  const mutation = useCreateVendorRequest();
  const vendors = useVendorOptions(true);
  // The plans of the property the vendor works on (it holds an accepted bid there), for the spot.
  const documentation = useVendorDocumentation(String(property.id));
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  /** Kept in the outbox (offline or no answer in time): how many photos went with it. */
  const [queued, setQueued] = useState<{ photos: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<VendorRequestValues>({
    initialValues: EMPTY_VENDOR_REQUEST,
    validate: (values) => validateVendorRequest(values, property.id),
  });
  const vendorOptions = (vendors.data ?? []).map((vendor) => ({
    value: String(vendor.id),
    label: vendor.name,
  }));

  const reset = () => {
    form.reset();
    setSubmitted(null);
    setQueued(null);
    setFailure(null);
    mutation.reset();
  };

  const submit = form.onSubmit((values) => {
    setFailure(null);
    mutation.mutate(
      {
        type: values.type ?? '',
        description: values.description,
        timeframe: values.timeframe,
        inviteAll: values.inviteAll,
        vendorIds: values.vendors.map(Number),
        photos: values.photos,
        projectId: property.id,
        propertyName: property.name,
        spot: values.spot,
      },
      {
        onSuccess: (result) => {
          if (result.kind === 'queued') {
            setQueued({ photos: values.photos.length });
            return;
          }
          setSubmitted({
            id: result.request.id,
            type: values.type ?? '',
            description: values.description.trim(),
            timeframe: values.timeframe,
            // What the server applied, not what was asked: a report's vendors are its managers' choice.
            vendors: !result.request.is_open_to_vendors
              ? MANAGERS_CHOOSE
              : result.request.invite_all
                ? 'All vendors'
                : result.request.vendors.map((vendor) => vendor.name).join(', ') || 'None',
          });
        },
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
            form.setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0]])));
          }
          setFailure(submitFailureText(error));
        },
      },
    );
  });

  if (queued) {
    return (
      <VendorRequestQueued
        propertyName={property.name}
        photoCount={queued.photos}
        onNew={reset}
        onClose={() => {
          reset();
          onClose();
        }}
      />
    );
  }

  if (submitted) {
    const rows: Array<[string, string]> = [
      ['Request ID', String(submitted.id)],
      ['Type', submitted.type],
      ['Description', submitted.description],
      ['Timeframe', submitted.timeframe],
      ['Vendors', submitted.vendors],
    ];
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
          Request submitted. The manager of {property.name} has it now.
        </Alert>
        <Table variant="vertical" withTableBorder layout="fixed">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={120}>{label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={reset}>
            New Request
          </Button>
          <Button
            onClick={() => {
              reset();
              onClose();
            }}
          >
            Close
          </Button>
        </Group>
      </Stack>
    );
  }

  const photos = form.getValues().photos;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />}>
          This request goes to the property manager of <strong>{property.name}</strong>
          {property.address ? ` (${property.address})` : ''}. Pick another property in the menu at the top to
          send it elsewhere.
        </Alert>
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <Select
          label="Request Type"
          placeholder="Select a type"
          data={SERVICE_CATEGORIES}
          searchable
          required
          {...form.getInputProps('type')}
        />
        <Textarea
          label="Description"
          required
          autosize
          minRows={3}
          maxRows={8}
          {...form.getInputProps('description')}
        />
        <Select
          label="Timeframe"
          data={TIMEFRAMES}
          allowDeselect={false}
          {...form.getInputProps('timeframe')}
        />
        <Checkbox
          label="Invite All Vendors"
          description={MANAGERS_CHOOSE_HINT}
          {...form.getInputProps('inviteAll', { type: 'checkbox' })}
        />
        <MultiSelect
          label="Vendors"
          placeholder={vendors.isPending ? 'Loading...' : 'Choose vendors to invite'}
          data={vendorOptions}
          searchable
          disabled={form.getValues().inviteAll}
          nothingFoundMessage="No vendors found"
          {...form.getInputProps('vendors')}
        />
        <SpotPicker
          layouts={documentation.data?.layouts ?? []}
          value={form.values.spot}
          onChange={(spot) => form.setFieldValue('spot', spot)}
          error={form.errors.spot}
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            Photos
          </Text>
          <Group gap="sm">
            <FileButton
              multiple
              accept="image/png,image/jpeg,image/gif,image/webp"
              onChange={(files) => form.setFieldValue('photos', files)}
            >
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconPhoto size={16} aria-hidden />}>
                  Choose Photos
                </Button>
              )}
            </FileButton>
            <Text size="sm" c="dimmed" aria-live="polite">
              {filesSelectedText(photos.length)}
            </Text>
          </Group>
          {form.errors.photos ? (
            <Text size="xs" c="red" mt={4}>
              {form.errors.photos}
            </Text>
          ) : null}
        </div>
        <Group justify="flex-end" mt="xs">
          <Button
            variant="default"
            onClick={() => {
              reset();
              onClose();
            }}
            disabled={mutation.isPending}
          >
            Reset
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Submitting...' : 'Submit Request'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
