import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ChangeEvent } from 'react';
import { DeferredSelect } from '#app/ui/deferred-select.tsx';
import { formatEin, formatPhone } from '#shared/formatters.ts';
import { emailError } from './email-taken-error.tsx';
import {
  INDUSTRIES,
  REGISTERED_STATES,
  type VendorCompanyField,
  type VendorCompanyValues,
} from './vendor-application-steps.ts';

export const VENDOR_LABELS: Record<VendorCompanyField, string> = {
  vendor_name: 'Vendor Name',
  total_employees: 'Total Employees',
  ein: 'EIN',
  registered_state: 'Registered State',
  industry: 'Industry',
  address: 'Address',
  first_name: 'First Name',
  last_name: 'Last Name',
  job_title: 'Job Title',
  phone: 'Phone',
  email: 'Email',
};

/** Step 0 of the vendor wizard: the eleven company fields (public spec, sections 3 and 5). */
export function VendorCompanyFields({ form }: { form: UseFormReturnType<VendorCompanyValues> }) {
  const text = (name: VendorCompanyField, format?: (value: string) => string) => ({
    ...form.getInputProps(name),
    label: VENDOR_LABELS[name],
    withAsterisk: true,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      form.setFieldValue(name, format ? format(event.currentTarget.value) : event.currentTarget.value),
  });
  const select = (name: VendorCompanyField) => ({
    ...form.getInputProps(name),
    label: VENDOR_LABELS[name],
    withAsterisk: true,
    onChange: (value: string | null) => form.setFieldValue(name, value ?? ''),
  });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      <TextInput {...text('vendor_name')} autoComplete="organization" />
      <TextInput {...text('total_employees', (value) => value.replace(/\D/g, ''))} inputMode="numeric" />
      <TextInput {...text('ein', formatEin)} inputMode="numeric" placeholder="12-3456789" />
      <DeferredSelect {...select('registered_state')} data={REGISTERED_STATES} placeholder="Select a state" />
      <DeferredSelect {...select('industry')} data={INDUSTRIES} placeholder="Select an industry" searchable />
      <TextInput {...text('address')} autoComplete="street-address" />
      <TextInput {...text('first_name')} autoComplete="given-name" />
      <TextInput {...text('last_name')} autoComplete="family-name" />
      <TextInput {...text('job_title')} />
      <TextInput {...text('phone', formatPhone)} type="tel" placeholder="(555) 555-5555" />
      <TextInput {...text('email')} error={emailError(form.errors.email)} type="email" autoComplete="email" />
    </SimpleGrid>
  );
}
