import { Button, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useVendorsByCategory } from '#app/requests/api.ts';
import { CenteredLoader } from '#app/ui/centered-loader.tsx';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { type Column, ResponsiveTable } from '#app/ui/responsive-table.tsx';
import { ScreenTitle } from '#app/ui/screen-title.tsx';
import { SERVICE_CATEGORIES } from '#shared/categories.ts';
import type { VendorDirectoryEntry as VendorListItem } from '#shared/vendor-directory.ts';
import { InsuranceStatus } from './insurance-status.tsx';
import { InviteVendorDialog } from './invite-vendor-dialog.tsx';

/**
 * /property-manager/vendors (a placeholder in the prototype): vendors by trade with their insurance
 * and completed jobs, and an invitation to one of the manager's open requests.
 */
export function VendorsPage() {
  const [category, setCategory] = useState<string | null>(null);
  const vendors = useVendorsByCategory(category);
  const [inviting, setInviting] = useState<VendorListItem | null>(null);
  const rows = vendors.data ?? [];
  const columns: Column<VendorListItem>[] = [
    {
      label: 'Vendor',
      cell: (vendor) => (
        <Text fw={600} inherit>
          {vendor.name}
        </Text>
      ),
    },
    { label: 'Categories', cell: (vendor) => vendor.service_categories.join(', ') || 'None listed' },
    { label: 'Insurance', cell: (vendor) => <InsuranceStatus insurance={vendor.insurance} /> },
    { label: 'Completed jobs', cell: (vendor) => vendor.completed_jobs, align: 'right' },
    {
      label: 'Invite',
      hiddenLabel: true,
      align: 'right',
      cell: (vendor) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setInviting(vendor)}
          aria-label={`Invite ${vendor.name} to a request`}
        >
          Invite to a request
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <ScreenTitle>Vendors</ScreenTitle>
      <Select
        label="Category"
        placeholder="All categories"
        clearable
        searchable
        data={[...SERVICE_CATEGORIES]}
        value={category}
        onChange={setCategory}
        maw={{ base: '100%', sm: 320 }}
      />
      {vendors.isPending ? (
        <CenteredLoader label="Loading vendors" />
      ) : vendors.isError ? (
        <ErrorAlert>Vendors could not be loaded: {vendors.error.message}</ErrorAlert>
      ) : rows.length === 0 ? (
        <Text c="dimmed" py="lg">
          {category ? `No vendors work in ${category} yet.` : 'No vendors yet.'}
        </Text>
      ) : (
        <ResponsiveTable columns={columns} rows={rows} rowKey={(vendor) => vendor.id} minWidth={760} />
      )}
      <InviteVendorDialog vendor={inviting} onClose={() => setInviting(null)} />
    </Stack>
  );
}
