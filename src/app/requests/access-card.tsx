import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey, IconPhone } from '@tabler/icons-react';
import { useEffect } from 'react';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { serverFieldErrors } from '#app/ui/server-form-errors.ts';
import { showToast } from '#app/ui/toast.ts';
import type { RequestDetail } from '#shared/request-responses.ts';
import {
  type Access,
  type AccessInput,
  accessInputSchema,
  MAX_ACCESS_INSTRUCTIONS,
} from '#shared/visit-schemas.ts';
import { lifecycleErrorMessage } from './lifecycle-error.ts';
import type { RequestViewerRole } from './request-actions.tsx';
import { TOUCH_INPUT } from './visit-windows-form.tsx';
import { useAccess, useSaveAccess } from './visits-api.ts';

const FIELDS = [
  'access_instructions',
  'occupant_name',
  'occupant_phone',
  'occupant_email',
  'permission_to_enter',
];

const EMPTY: AccessInput = {
  access_instructions: '',
  occupant_name: '',
  occupant_phone: '',
  occupant_email: '',
  permission_to_enter: false,
};

/** The shared schema's messages (the handler's), under their fields. */
export function validateAccess(values: AccessInput): Record<string, string> {
  const result = accessInputSchema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues)
    errors[String(issue.path[0] ?? 'access_instructions')] ??= issue.message;
  return errors;
}

function isEmpty(access: Access): boolean {
  return (
    !access.access_instructions && !access.occupant_name && !access.occupant_phone && !access.occupant_email
  );
}

function CardFrame({ children }: { children: React.ReactNode }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="access-title"
      data-testid="access-card"
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconKey size={20} aria-hidden />
          <Title order={2} fz="h4" id="access-title">
            Entry and access
          </Title>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** The awarded vendor's copy: how to get in and whom to call (kept offline with the job). */
function AccessRead({ access }: { access: Access }) {
  return (
    <Stack gap="sm">
      <Badge
        color={access.permission_to_enter ? 'green' : 'orange'}
        variant="light"
        w="fit-content"
        maw="100%"
      >
        {access.permission_to_enter ? 'You may enter without the occupant' : 'Enter only with the occupant'}
      </Badge>
      {access.access_instructions ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {access.access_instructions}
        </Text>
      ) : null}
      {access.occupant_name || access.occupant_phone || access.occupant_email ? (
        <Stack gap={4}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Occupant
          </Text>
          {access.occupant_name ? <Text size="sm">{access.occupant_name}</Text> : null}
          {access.occupant_phone ? (
            <Anchor
              href={`tel:${access.occupant_phone.replace(/[^\d+]/g, '')}`}
              size="sm"
              mih={44}
              style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
            >
              <IconPhone size={18} aria-hidden />
              {access.occupant_phone}
            </Anchor>
          ) : null}
          {access.occupant_email ? (
            <Anchor href={`mailto:${access.occupant_email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {access.occupant_email}
            </Anchor>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** The managers' form: what the awarded vendor reads on site. */
function AccessForm({ requestId, access }: { requestId: number; access: Access | undefined }) {
  const save = useSaveAccess(requestId);
  const form = useForm<AccessInput>({ initialValues: EMPTY, validate: validateAccess });
  const loaded = access?.updated_at ?? null;
  // The saved values once they arrive (and after each save), not while the manager types.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another saved copy arrives
  useEffect(() => {
    if (!access) return;
    const values = {
      access_instructions: access.access_instructions,
      occupant_name: access.occupant_name,
      occupant_phone: access.occupant_phone,
      occupant_email: access.occupant_email,
      permission_to_enter: access.permission_to_enter,
    };
    form.setValues(values);
    form.resetDirty(values);
  }, [loaded, access === undefined]);

  const serverErrors = serverFieldErrors(save.error, FIELDS) ?? {};
  const alert =
    save.error && Object.keys(serverErrors).length === 0 ? lifecycleErrorMessage(save.error) : null;
  const errorOf = (field: keyof AccessInput) => form.errors[field] ?? serverErrors[field];

  const submit = form.onSubmit((values) =>
    save.mutate(
      { ...values, occupant_email: values.occupant_email.trim() },
      { onSuccess: () => showToast({ color: 'green', message: 'Entry instructions saved.' }) },
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Entry and access">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The awarded vendor reads this while the job is in progress, also offline on site.
        </Text>
        {alert ? <ErrorAlert>{alert}</ErrorAlert> : null}
        <Textarea
          label="Access instructions"
          description="Gate or lock-box codes, where the keys are, parking, pets."
          autosize
          minRows={3}
          maxLength={MAX_ACCESS_INSTRUCTIONS}
          {...form.getInputProps('access_instructions')}
          error={errorOf('access_instructions')}
        />
        <TextInput
          label="Occupant name"
          maxLength={200}
          styles={TOUCH_INPUT}
          {...form.getInputProps('occupant_name')}
          error={errorOf('occupant_name')}
        />
        <TextInput
          label="Occupant phone"
          type="tel"
          maxLength={40}
          styles={TOUCH_INPUT}
          {...form.getInputProps('occupant_phone')}
          error={errorOf('occupant_phone')}
        />
        <TextInput
          label="Occupant email"
          type="email"
          maxLength={254}
          styles={TOUCH_INPUT}
          {...form.getInputProps('occupant_email')}
          error={errorOf('occupant_email')}
        />
        <Switch
          label="The vendor may enter without the occupant"
          {...form.getInputProps('permission_to_enter', { type: 'checkbox' })}
          error={errorOf('permission_to_enter')}
          styles={{ root: { minHeight: 44, display: 'flex', alignItems: 'center' } }}
        />
        <Group justify="flex-end">
          <Button type="submit" mih={44} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Entry and access: the managers edit it; the awarded vendor reads it while the job is in progress
 * (the server answers 403 otherwise, and the card stays away).
 */
export function AccessCard({ request, role }: { request: RequestDetail; role: RequestViewerRole }) {
  const open = request.status === 'open' || request.status === 'in_progress';
  const shown = role === 'manager' ? open : request.awarded_bid !== null && request.status === 'in_progress';
  const query = useAccess(request.id, shown);
  if (!shown) return null;
  if (role === 'manager') {
    if (query.isPending) return null;
    if (!query.data) {
      // Never an empty form over instructions that could not be read: saving it would erase them.
      return (
        <CardFrame>
          <ErrorAlert>The entry instructions could not be loaded. Reload the page to try again.</ErrorAlert>
        </CardFrame>
      );
    }
    return (
      <CardFrame>
        <AccessForm requestId={request.id} access={query.data} />
      </CardFrame>
    );
  }
  // Nothing written yet: no empty card at the top of the vendor's phone.
  if (!query.data || isEmpty(query.data)) return null;
  return (
    <CardFrame>
      <AccessRead access={query.data} />
    </CardFrame>
  );
}
