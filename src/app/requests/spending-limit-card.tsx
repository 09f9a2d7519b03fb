import { Button, Card, Group, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { saveFailureMessage, serverFieldErrors } from '#app/ui/server-form-errors.ts';
import { showToast } from '#app/ui/toast.ts';
import { formatUsd } from '#shared/formatters.ts';
import { useSetRequestLimit } from './owner-approval-api.ts';

/**
 * This request's spending limit (blank: the property's) and the Emergency switch, which lets an award
 * up to the property's emergency limit go ahead without waiting (the owner is told).
 */
export function SpendingLimitCard({
  requestId,
  propertyLimit,
}: {
  requestId: number;
  /** The property's effective limit, shown as what blank means; null when none or not known. */
  propertyLimit: number | null;
}) {
  const save = useSetRequestLimit(requestId);
  const [limit, setLimit] = useState<number | ''>('');
  const [emergency, setEmergency] = useState(false);
  const fields = serverFieldErrors(save.error, ['nte_limit', 'is_emergency']);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="spending-limit-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            { nte_limit: limit === '' ? null : limit, is_emergency: emergency },
            { onSuccess: () => showToast({ color: 'green', message: 'The spending limit was saved.' }) },
          );
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="h5" id="spending-limit-title">
            Spending limit
          </Title>
          <Text size="xs" c="dimmed">
            An award above it waits for the owner’s approval. Blank: the property’s limit
            {propertyLimit === null ? '' : ` (${formatUsd(propertyLimit)})`}.
          </Text>
          {save.isError && !fields ? (
            <ErrorAlert>{saveFailureMessage(save.error, 'The limit could not be saved.')}</ErrorAlert>
          ) : null}
          <Group align="flex-end" gap="md" wrap="wrap">
            <NumberInput
              label="This request’s limit"
              prefix="$"
              thousandSeparator=","
              min={0}
              max={10_000_000}
              allowDecimal={false}
              value={limit}
              onChange={(value) => setLimit(typeof value === 'number' ? value : '')}
              error={fields?.nte_limit}
              w={180}
            />
            <Switch
              label="Emergency"
              checked={emergency}
              onChange={(event) => setEmergency(event.currentTarget.checked)}
              error={fields?.is_emergency}
              mb={8}
            />
            <Button type="submit" variant="default" loading={save.isPending}>
              Save limit
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
