import { Checkbox, MultiSelect, Stack, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import type { VendorDirectoryEntry as VendorListItem } from '#shared/vendor-directory.ts';
import type { ManagerRequestFormValues } from './manager-request-form.ts';

/**
 * The full create page's extra fields: vendors of the chosen category to invite (or all of them) and
 * a bidding deadline. `vendors` is the category's list, loaded by the page.
 */
export function VendorInvitationFields({
  form,
  vendors,
  loading,
  failed,
}: {
  form: UseFormReturnType<ManagerRequestFormValues>;
  vendors: readonly VendorListItem[];
  loading: boolean;
  failed: boolean;
}) {
  const category = form.values.type;
  const inviteAll = form.values.invite_all_category;
  const placeholder = !category
    ? 'Choose a request type first'
    : loading
      ? 'Loading...'
      : failed
        ? 'Vendors could not be loaded'
        : vendors.length === 0
          ? 'No vendors in this category'
          : inviteAll
            ? 'Every vendor of this category is invited'
            : 'Pick vendors to invite';

  return (
    <Stack gap="sm">
      <MultiSelect
        label="Invite vendors"
        description={category ? `Vendors who work in ${category}` : undefined}
        placeholder={placeholder}
        searchable
        clearable
        hidePickedOptions
        disabled={!category || inviteAll || vendors.length === 0}
        data={vendors.map((vendor) => ({ value: String(vendor.id), label: vendor.name }))}
        {...form.getInputProps('vendors')}
      />
      <Checkbox
        label="Invite all vendors of this category"
        disabled={!category || vendors.length === 0}
        {...form.getInputProps('invite_all_category', { type: 'checkbox' })}
      />
      {category && !loading && vendors.length === 0 && !failed ? (
        <Text size="xs" c="dimmed">
          Vendors of this category still see the request in their Available Jobs.
        </Text>
      ) : null}
      <DateTimePicker
        label="Bidding deadline"
        description="Optional: bids close at this time"
        placeholder="No deadline"
        clearable
        valueFormat="MMM D, YYYY h:mm A"
        defaultTimeValue="17:00"
        timePickerProps={{ format: '12h' }}
        minDate={new Date()}
        dropdownType="popover"
        {...form.getInputProps('bid_deadline')}
      />
    </Stack>
  );
}
