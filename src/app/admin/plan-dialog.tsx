import { NumberInput, Select, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { FormDialog, toastThenClose } from '#app/ui/form-dialog.tsx';
import { useSchemaEditDialog } from '#app/ui/use-edit-dialog.ts';
import { type AdminPlan, PLAN_FREQUENCIES, planInputSchema, planValuesOf } from '#shared/admin-plans.ts';
import { useSavePlan } from './api.ts';

interface PlanFormValues {
  name: string;
  price: number | string;
  frequency: string;
  description: string;
  is_active: boolean;
  sort_order: number | string;
  stripe_price_id: string;
}

const FIELDS = ['name', 'price', 'frequency', 'description', 'is_active', 'sort_order', 'stripe_price_id'];
const FREQUENCY_OPTIONS = PLAN_FREQUENCIES.map((value) => ({
  value,
  label: value === 'monthly' ? 'Monthly' : 'Yearly',
}));

function formValuesOf(plan: AdminPlan | null): PlanFormValues {
  if (!plan) {
    return {
      name: '',
      price: '',
      frequency: 'monthly',
      description: '',
      is_active: true,
      sort_order: 0,
      stripe_price_id: '',
    };
  }
  const values = planValuesOf(plan);
  return { ...values, stripe_price_id: values.stripe_price_id ?? '' };
}

/**
 * Create (plan null) or edit a plan. The form runs the schema the handler runs
 * (src/shared/admin-plans.ts); the server's field errors land under the same fields.
 */
export function PlanDialog({
  opened,
  plan,
  onClose,
}: {
  opened: boolean;
  plan: AdminPlan | null;
  onClose: () => void;
}) {
  const save = useSavePlan();
  const { form, alert, clearAlert, showSaveError } = useSchemaEditDialog(planInputSchema, {
    opened,
    record: plan,
    values: formValuesOf(plan),
    fields: FIELDS,
    failureMessage: 'The plan could not be saved. Please try again.',
  });

  const submit = form.onSubmit((values) => {
    clearAlert();
    save.mutate(
      { id: plan?.id ?? null, values: planInputSchema.parse(values) },
      {
        onSuccess: (saved) => toastThenClose(`Plan ${saved.name} ${plan ? 'saved' : 'created'}.`, onClose),
        onError: showSaveError,
      },
    );
  });

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      boldTitle
      title={plan ? `Edit plan: ${plan.name}` : 'New plan'}
      size="lg"
      onSubmit={submit}
      alert={alert}
      submitLabel={plan ? 'Save plan' : 'Create plan'}
      busy={save.isPending}
    >
      <TextInput
        label="Name"
        required
        data-autofocus
        key={form.key('name')}
        {...form.getInputProps('name')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label="Price (USD)"
          required
          min={0}
          decimalScale={2}
          prefix="$"
          thousandSeparator=","
          key={form.key('price')}
          {...form.getInputProps('price')}
        />
        <Select
          label="Billed"
          required
          allowDeselect={false}
          data={FREQUENCY_OPTIONS}
          key={form.key('frequency')}
          {...form.getInputProps('frequency')}
        />
      </SimpleGrid>
      <Textarea
        label="Description"
        description="Shown to vendors on the application's Payment step."
        autosize
        minRows={3}
        maxRows={8}
        key={form.key('description')}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label="Sort order"
          description="Lower numbers are listed first."
          min={0}
          allowDecimal={false}
          key={form.key('sort_order')}
          {...form.getInputProps('sort_order')}
        />
        <TextInput
          label="Stripe price id"
          description="Optional; without one the price above is sent."
          placeholder="price_..."
          key={form.key('stripe_price_id')}
          {...form.getInputProps('stripe_price_id')}
        />
      </SimpleGrid>
      <Switch
        label="Offered to new vendors"
        key={form.key('is_active')}
        {...form.getInputProps('is_active', { type: 'checkbox' })}
      />
    </FormDialog>
  );
}
