import {
  ActionIcon,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useAuthStatus, userOf } from '#app/auth/api.ts';
import { isApiError } from '#app/lib/api-error.ts';
import { useUserProjects } from '#app/properties/api.ts';
import {
  useClientApprovalSettings,
  usePropertyApproval,
  useSaveClientApprovalSettings,
  useSavePropertyApproval,
} from '#app/requests/owner-approval-api.ts';
import { CenteredLoader } from '#app/ui/centered-loader.tsx';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { ScreenTitle } from '#app/ui/screen-title.tsx';
import { saveFailureMessage } from '#app/ui/server-form-errors.ts';
import { showToast } from '#app/ui/toast.ts';
import type {
  ClientApprovalSettings,
  OwnerContactInput,
  PropertyApproval,
} from '#shared/owner-approval-schemas.ts';
import type { UserProject } from '#shared/user-projects.ts';

/** A dollar field's value: blank is null (no limit at this level). */
type Dollars = number | '';
const toLimit = (value: Dollars) => (value === '' ? null : value);
const fromLimit = (value: number | null): Dollars => (value === null ? '' : value);
const asNumber = (value: string | number): Dollars => (typeof value === 'number' ? value : '');

/** A refusal's messages by field path (`owners.0.email`), joined per field. */
function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  return Object.fromEntries(
    Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages.join(' ')]),
  );
}

function ClientSettingsForm({ clientId, settings }: { clientId: number; settings: ClientApprovalSettings }) {
  const save = useSaveClientApprovalSettings(clientId);
  const [limit, setLimit] = useState<Dollars>(fromLimit(settings.default_nte_limit));
  const [allowOverride, setAllowOverride] = useState(settings.allow_override);
  const [hideNames, setHideNames] = useState(settings.hide_vendor_names);
  const [days, setDays] = useState<Dollars>(settings.approval_expiry_days);
  const errors = fieldErrors(save.error);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="client-limits-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            {
              default_nte_limit: toLimit(limit),
              allow_override: allowOverride,
              hide_vendor_names: hideNames,
              approval_expiry_days: days === '' ? Number.NaN : days,
            },
            { onSuccess: () => showToast({ color: 'green', message: 'The company’s settings were saved.' }) },
          );
        }}
      >
        <Stack gap="md">
          <div>
            <Title order={2} fz="h4" id="client-limits-title">
              Company defaults
            </Title>
            <Text size="sm" c="dimmed">
              An award above the limit waits for the building owner’s approval.
            </Text>
          </div>
          {save.isError && Object.keys(errors).length === 0 ? (
            <ErrorAlert>{saveFailureMessage(save.error, 'The settings could not be saved.')}</ErrorAlert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberInput
              label="Default limit"
              description="For every property that sets none. Blank: no limit."
              prefix="$"
              thousandSeparator=","
              min={0}
              allowDecimal={false}
              value={limit}
              onChange={(value) => setLimit(asNumber(value))}
              error={errors.default_nte_limit}
            />
            <NumberInput
              label="Days before an unanswered ask expires"
              min={1}
              max={30}
              allowDecimal={false}
              value={days}
              onChange={(value) => setDays(asNumber(value))}
              error={errors.approval_expiry_days}
            />
          </SimpleGrid>
          <Switch
            label="Managers may award above the limit without the owner, with a written reason"
            checked={allowOverride}
            onChange={(event) => setAllowOverride(event.currentTarget.checked)}
          />
          <Switch
            label="Hide the other bids’ vendor names from the owner"
            checked={hideNames}
            onChange={(event) => setHideNames(event.currentTarget.checked)}
          />
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save company defaults
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** An owner row of the form; `key` keeps React's rows apart while rows are added and removed. */
type OwnerRow = OwnerContactInput & { key: number };
const emptyOwner = (): OwnerRow => ({
  key: Math.random(),
  name: '',
  email: '',
  phone: '',
});

function PropertyForm({ project, approval }: { project: UserProject; approval: PropertyApproval }) {
  const save = useSavePropertyApproval(project.id);
  const [limit, setLimit] = useState<Dollars>(fromLimit(approval.nte_limit));
  const [emergency, setEmergency] = useState<Dollars>(fromLimit(approval.emergency_limit));
  const [owners, setOwners] = useState<OwnerRow[]>(
    approval.owners.map(({ name, email, phone, id }) => ({ name, email, phone, key: id })),
  );
  const errors = fieldErrors(save.error);
  const setOwner = (index: number, field: keyof OwnerContactInput, value: string) =>
    setOwners((rows) => rows.map((row, at) => (at === index ? { ...row, [field]: value } : row)));
  const label = `${project.name}`;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={`Limits of ${label}`}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            {
              nte_limit: toLimit(limit),
              emergency_limit: toLimit(emergency),
              owners: owners.map(({ name, email, phone }) => ({
                name: name.trim(),
                email: email.trim(),
                phone: phone.trim(),
              })),
            },
            { onSuccess: () => showToast({ color: 'green', message: `${label}: saved.` }) },
          );
        }}
      >
        <Stack gap="md">
          <div>
            <Title order={2} fz="h4">
              {project.name}
            </Title>
            <Text size="sm" c="dimmed">
              {project.address}
              {approval.effective_nte_limit === null
                ? ' · No limit applies'
                : ` · Limit that applies: $${approval.effective_nte_limit.toLocaleString('en-US')}`}
            </Text>
          </div>
          {save.isError && Object.keys(errors).length === 0 ? (
            <ErrorAlert>{saveFailureMessage(save.error, 'The property could not be saved.')}</ErrorAlert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberInput
              label="Limit"
              description="Blank: the company’s default."
              prefix="$"
              thousandSeparator=","
              min={0}
              allowDecimal={false}
              value={limit}
              onChange={(value) => setLimit(asNumber(value))}
              error={errors.nte_limit}
            />
            <NumberInput
              label="Emergency limit"
              description="An emergency up to this goes ahead; the owner is told. Blank: none."
              prefix="$"
              thousandSeparator=","
              min={0}
              allowDecimal={false}
              value={emergency}
              onChange={(value) => setEmergency(asNumber(value))}
              error={errors.emergency_limit}
            />
          </SimpleGrid>
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              Owner contacts
            </Text>
            {owners.length === 0 ? (
              <Text size="sm" c="dimmed">
                None yet: an award above the limit cannot be sent for approval.
              </Text>
            ) : null}
            {owners.map((owner, index) => (
              <Group
                key={owner.key}
                align="flex-start"
                gap="xs"
                wrap="wrap"
                aria-label={`Owner ${index + 1}`}
              >
                <TextInput
                  label="Name"
                  required
                  value={owner.name}
                  onChange={(event) => setOwner(index, 'name', event.currentTarget.value)}
                  error={errors[`owners.${index}.name`]}
                  style={{ flex: '1 1 160px' }}
                />
                <TextInput
                  label="Email"
                  type="email"
                  required
                  value={owner.email}
                  onChange={(event) => setOwner(index, 'email', event.currentTarget.value)}
                  error={errors[`owners.${index}.email`]}
                  style={{ flex: '1 1 200px' }}
                />
                <TextInput
                  label="Phone"
                  type="tel"
                  value={owner.phone}
                  onChange={(event) => setOwner(index, 'phone', event.currentTarget.value)}
                  error={errors[`owners.${index}.phone`]}
                  style={{ flex: '1 1 140px' }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={26}
                  size="lg"
                  aria-label={`Remove owner ${index + 1}`}
                  onClick={() => setOwners((rows) => rows.filter((_, at) => at !== index))}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            {errors.owners ? (
              <Text size="xs" c="red">
                {errors.owners}
              </Text>
            ) : null}
            <Group>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPlus size={16} aria-hidden />}
                disabled={owners.length >= 5}
                onClick={() => setOwners((rows) => [...rows, emptyOwner()])}
              >
                Add an owner
              </Button>
            </Group>
          </Stack>
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save {project.name}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** A property's card once its limits are read. */
function PropertyCard({ project }: { project: UserProject }) {
  const approval = usePropertyApproval(project.id);
  if (approval.isPending) return <CenteredLoader label={`Loading ${project.name}`} />;
  if (!approval.data) {
    return (
      <ErrorAlert>{saveFailureMessage(approval.error, `${project.name} could not be loaded.`)}</ErrorAlert>
    );
  }
  return <PropertyForm project={project} approval={approval.data} />;
}

/**
 * /property-manager/owners: approval before work (docs/decisions/owner-approval.md): the company's
 * default limit and rules, and per property its limit, emergency limit and owner contacts.
 */
export function OwnersLimitsPage() {
  const clientId = userOf(useAuthStatus().data)?.client ?? null;
  const settings = useClientApprovalSettings(clientId);
  const projects = useUserProjects();
  return (
    <Stack gap="lg">
      <ScreenTitle>Owners and Limits</ScreenTitle>
      {clientId === null ? (
        <Text>Your account belongs to no company: there are no limits to set.</Text>
      ) : settings.isPending ? (
        <CenteredLoader label="Loading the company’s settings" />
      ) : settings.data ? (
        <ClientSettingsForm clientId={clientId} settings={settings.data} />
      ) : (
        <ErrorAlert>
          {saveFailureMessage(settings.error, 'The company’s settings could not be loaded.')}
        </ErrorAlert>
      )}
      {projects.isPending ? <CenteredLoader label="Loading the properties" /> : null}
      {(projects.data ?? []).map((project) => (
        <PropertyCard key={project.id} project={project} />
      ))}
    </Stack>
  );
}
