import { Button, Group, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconRulerMeasure } from '@tabler/icons-react';
import { useState } from 'react';
import { MAX_LINE_ITEMS } from '#shared/bid-line-items.ts';
import type { RequestSpot } from '#shared/request-spot.ts';
import type { BidFormValues } from './bid-form-values.ts';
import { LazyMeasureOnPlan } from './lazy-measure-on-plan.tsx';
import { LineItemRow } from './line-item-row.tsx';
import { useNestedDialog } from './nested-dialog.ts';
import { type LineItemValues, newLineItem } from './priced-form-values.ts';

/**
 * "Line items" of the bid or of one option: rows added by hand or measured on the request's plan.
 * With any row, the amount above becomes their sum.
 */
export function LineItemsEditor({
  form,
  path,
  rows,
  spot,
}: {
  form: UseFormReturnType<BidFormValues>;
  /** 'line_items' or 'options.N.line_items'. */
  path: string;
  rows: readonly LineItemValues[];
  spot: RequestSpot | null;
}) {
  const [measuring, setMeasuring] = useState(false);
  useNestedDialog(measuring);
  const full = rows.length >= MAX_LINE_ITEMS;
  const listError = form.errors[path];
  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={500}>
          Line items
        </Text>
        <Text size="xs" c="dimmed">
          {rows.length > 0
            ? 'Each total is the quantity times the unit price, rounded to the whole dollar.'
            : 'Optional: price the job line by line; the amount is then their sum.'}
        </Text>
      </div>
      {rows.map((row, index) => (
        <LineItemRow
          key={row.key}
          form={form}
          path={`${path}.${index}`}
          row={row}
          number={index + 1}
          onRemove={() => form.removeListItem(path, index)}
        />
      ))}
      {listError ? (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      ) : null}
      <Group gap="xs">
        <Button
          variant="default"
          mih={44}
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={full}
          onClick={() => form.insertListItem(path, newLineItem())}
        >
          Add line item
        </Button>
        {spot ? (
          <Button
            variant="light"
            mih={44}
            leftSection={<IconRulerMeasure size={16} aria-hidden />}
            disabled={full}
            onClick={() => setMeasuring(true)}
          >
            Measure on the plan
          </Button>
        ) : null}
      </Group>
      {spot ? (
        <LazyMeasureOnPlan
          opened={measuring}
          spot={spot}
          onClose={() => setMeasuring(false)}
          onAdd={(line) => form.insertListItem(path, newLineItem(line))}
        />
      ) : null}
    </Stack>
  );
}
