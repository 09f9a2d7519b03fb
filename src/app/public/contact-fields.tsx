import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

/**
 * Name, email and phone, all required, as the contact form and the Schedule a Visit form ask for
 * them; the caller lays them out (a column in the footer, a grid on the visit page).
 */
export function ContactFields<Values>({ form }: { form: UseFormReturnType<Values> }) {
  return (
    <>
      <TextInput
        label="Name"
        name="name"
        autoComplete="name"
        required
        key={form.key('name')}
        {...form.getInputProps('name')}
      />
      <TextInput
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        key={form.key('email')}
        {...form.getInputProps('email')}
      />
      <TextInput
        label="Phone"
        type="tel"
        name="phone"
        autoComplete="tel"
        required
        key={form.key('phone')}
        {...form.getInputProps('phone')}
      />
    </>
  );
}
