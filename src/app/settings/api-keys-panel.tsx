import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { CenteredLoader } from '#app/ui/centered-loader.tsx';
import { openConfirmDialog } from '#app/ui/confirm-dialog.ts';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { RelativeTime } from '#app/ui/relative-time.tsx';
import { saveFailureMessage, serverFieldErrors } from '#app/ui/server-form-errors.ts';
import { showToast } from '#app/ui/toast.ts';
import { API_KEY_NAME_MAX, type ApiKey, type CreatedApiKey, createApiKeySchema } from '#shared/api-keys.ts';
import { formatDate } from '#shared/date-display.ts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api-keys-api.ts';

const LOAD_FAILED = 'Failed to load your API keys. Please try again.';

/** The key just made: shown once, with a copy button, until the vendor dismisses it. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={`Your new key “${created.name}”`}
      role="status"
    >
      <Stack gap="xs">
        <Text size="sm">Copy it now and keep it somewhere safe: it will not be shown again.</Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Code
            block
            data-testid="new-api-key"
            style={{ flex: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
          >
            {created.key}
          </Code>
          <CopyButton value={created.key}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy'}>
                <ActionIcon variant="light" onClick={copy} aria-label="Copy API key" size="lg">
                  {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={onDone}>
            I have saved it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const create = useCreateApiKey();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: '' },
    validate: schemaResolver(createApiKeySchema, { sync: true }),
  });
  const submit = form.onSubmit((values) => {
    setFailure(null);
    create.mutate(createApiKeySchema.parse(values), {
      onSuccess: (created) => {
        form.reset();
        onCreated(created);
      },
      onError: (error) => {
        const fields = serverFieldErrors(error, ['name']);
        if (fields) form.setErrors(fields);
        else setFailure(saveFailureMessage(error, 'The key could not be created. Please try again.'));
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Create an API key">
      <Stack gap="xs">
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label="Key name"
            description="Where the key will be used, e.g. “Dispatch system”"
            maxLength={API_KEY_NAME_MAX}
            style={{ flex: '1 1 14rem' }}
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <Button type="submit" loading={create.isPending}>
            Create key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  return (
    <Card withBorder padding="sm" component="li" aria-label={apiKey.name}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {apiKey.name}
          </Text>
          <Text size="sm" c="dimmed">
            Ends in <Code>…{apiKey.last_four}</Code> · Created {formatDate(apiKey.created_at)} ·{' '}
            {apiKey.last_used_at ? (
              <>
                Last used <RelativeTime value={apiKey.last_used_at} />
              </>
            ) : (
              'Never used'
            )}
          </Text>
        </Stack>
        <Button
          variant="light"
          color="red"
          size="xs"
          onClick={() => onRevoke(apiKey)}
          aria-label={`Revoke ${apiKey.name}`}
        >
          Revoke
        </Button>
      </Group>
    </Card>
  );
}

/**
 * Settings → API keys (vendors only): the vendor's keys for its own software, which acts
 * on the vendor's jobs, bids, messages and notifications (see README, "API keys").
 */
export function ApiKeysPanel() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  const confirmRevoke = (apiKey: ApiKey) =>
    openConfirmDialog({
      title: `Revoke “${apiKey.name}”?`,
      children: (
        <Text size="sm">
          Software using the key ending in …{apiKey.last_four} is refused from its next request. This cannot
          be undone.
        </Text>
      ),
      labels: { confirm: 'Revoke key', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(apiKey.id, {
          onSuccess: () => {
            showToast({ message: `API key ${apiKey.name} revoked.`, color: 'green' });
            listHeading.current?.focus();
          },
          onError: (error) =>
            showToast({ message: saveFailureMessage(error, 'The key could not be revoked.'), color: 'red' }),
        }),
    });

  return (
    <Stack gap="md">
      <Text size="sm">
        An API key lets your own software act as your company on FieldBid: list jobs, place and manage bids,
        read and send messages and notifications. It cannot change your password, email or keys. Send it as{' '}
        <Code>Authorization: Bearer &lt;key&gt;</Code>.
      </Text>
      {created ? <NewKey created={created} onDone={() => setCreated(null)} /> : null}
      <CreateKeyForm onCreated={setCreated} />
      <Title order={3} size="h5" ref={listHeading} tabIndex={-1}>
        Your keys
      </Title>
      {keys.isPending ? (
        <CenteredLoader label="Loading API keys" />
      ) : keys.isError ? (
        <ErrorAlert>{LOAD_FAILED}</ErrorAlert>
      ) : keys.data.length === 0 ? (
        <Alert variant="light" color="gray">
          You have no API keys. Create one above when your software needs it.
        </Alert>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your API keys">
          {keys.data.map((apiKey) => (
            <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={confirmRevoke} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
