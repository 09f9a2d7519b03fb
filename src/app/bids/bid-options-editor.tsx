import { Button, Fieldset, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { MAX_BID_OPTIONS, MIN_BID_OPTIONS } from '#shared/bid-line-items.ts';
import type { RequestSpot } from '#shared/request-spot.ts';
import type { BidFormValues } from './bid-form-values.ts';
import { LineItemsEditor } from './line-items-editor.tsx';
import { PricedFields } from './priced-fields.tsx';
import { newOption } from './priced-form-values.ts';

/**
 * "Offer options": two or three ways to do the job ("Patch", "Replace the section"), each priced on
 * its own; the manager awards one of them.
 */
export function BidOptionsEditor({
  form,
  spot,
}: {
  form: UseFormReturnType<BidFormValues>;
  spot: RequestSpot | null;
}) {
  const options = form.values.options;
  const listError = form.errors.options;
  return (
    <Stack gap="sm">
      {options.map((option, index) => (
        <Fieldset key={option.key} legend={`Option ${index + 1}`} radius="md" p="sm">
          <Stack gap="sm">
            <TextInput
              label="Option name"
              placeholder={index === 0 ? 'e.g. Patch the ceiling' : 'e.g. Replace the section'}
              required
              maxLength={80}
              {...form.getInputProps(`options.${index}.label`)}
            />
            <PricedFields
              form={form}
              prefix={`options.${index}.`}
              amountLabel="Amount"
              rows={option.line_items}
            />
            <Textarea
              label="Option notes"
              autosize
              minRows={2}
              maxRows={6}
              maxLength={5000}
              {...form.getInputProps(`options.${index}.notes`)}
            />
            <LineItemsEditor
              form={form}
              path={`options.${index}.line_items`}
              rows={option.line_items}
              spot={spot}
            />
            <Group justify="flex-end">
              <Button
                variant="subtle"
                color="red"
                mih={44}
                disabled={options.length <= MIN_BID_OPTIONS}
                onClick={() => form.removeListItem('options', index)}
              >
                Remove option {index + 1}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      ))}
      {listError ? (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="default"
          mih={44}
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={options.length >= MAX_BID_OPTIONS}
          onClick={() => form.insertListItem('options', newOption())}
        >
          Add option
        </Button>
      </Group>
    </Stack>
  );
}
