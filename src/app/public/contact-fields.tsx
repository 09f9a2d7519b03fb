import type { UseFormReturnType } from '@mantine/form';
import { FormTextInput } from '#app/ui/form-text-input.tsx';

/**
 * Name, email and phone, all required, as the contact form and the Schedule a Visit form ask for
 * them; the caller lays them out (a column in the footer, a grid on the visit page).
 */
export function ContactFields<Values>({ form }: { form: UseFormReturnType<Values> }) {
  return (
    <>
      <FormTextInput form={form} field="name" label="Name" autoComplete="name" required />
      <FormTextInput form={form} field="email" label="Email" type="email" autoComplete="email" required />
      <FormTextInput form={form} field="phone" label="Phone" type="tel" autoComplete="tel" required />
    </>
  );
}
