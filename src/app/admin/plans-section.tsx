import { Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '#app/lib/api-error.ts';
import { showToast } from '#app/ui/toast.ts';
import { type AdminPlan, planValuesOf } from '#shared/admin-plans.ts';
import { formatPlanPrice } from '#shared/plan-price.ts';
import { AdminPagedRows } from './admin-paged-rows.tsx';
import { AdminSectionHeader } from './admin-section-header.tsx';
import { AdminTableAndCards } from './admin-table-and-cards.tsx';
import { useAdminPlans, useSavePlan } from './api.ts';
import { PlanDialog } from './plan-dialog.tsx';

const priceText = (plan: AdminPlan) => formatPlanPrice(plan.price, plan.frequency);

function PlanStatus({ plan }: { plan: AdminPlan }) {
  return (
    <Badge color={plan.is_active ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
      {plan.is_active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

function PlanActions({
  plan,
  onEdit,
  onToggle,
  busy,
}: {
  plan: AdminPlan;
  onEdit: (plan: AdminPlan) => void;
  onToggle: (plan: AdminPlan, active: boolean) => void;
  busy: boolean;
}) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap" mt={{ base: 'sm', md: 0 }}>
      <Button size="xs" variant="default" onClick={() => onEdit(plan)} aria-label={`Edit ${plan.name}`}>
        Edit
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color={plan.is_active ? 'red' : 'green'}
        onClick={() => onToggle(plan, !plan.is_active)}
        loading={busy}
        aria-label={`${plan.is_active ? 'Deactivate' : 'Activate'} ${plan.name}`}
      >
        {plan.is_active ? 'Deactivate' : 'Activate'}
      </Button>
    </Group>
  );
}

/**
 * /admin/plans: the vendor plans (the application's Payment step shows the active ones). Plans are
 * switched off rather than deleted, so vendors already subscribed keep theirs.
 */
export function PlansSection() {
  const plans = useAdminPlans();
  const toggle = useSavePlan();
  const [editing, setEditing] = useState<AdminPlan | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const open = (plan: AdminPlan | null) => {
    setEditing(plan);
    setDialogOpen(true);
  };

  const setActive = (plan: AdminPlan, active: boolean) => {
    toggle.mutate(
      { id: plan.id, values: { ...planValuesOf(plan), is_active: active } },
      {
        onSuccess: () =>
          showToast({
            message: active ? `${plan.name} is offered again.` : `${plan.name} is no longer offered.`,
            color: 'green',
          }),
        onError: (error) =>
          showToast({
            message:
              isApiError(error) && error.serverMessage
                ? error.serverMessage
                : 'The plan could not be changed.',
            color: 'red',
          }),
      },
    );
  };

  const rows = plans.data ?? [];
  const busyId = toggle.isPending ? toggle.variables?.id : undefined;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <AdminSectionHeader title="Plans">
          Active plans are offered on the vendor application. A plan in use can be switched off, not deleted.
        </AdminSectionHeader>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open(null)}>
          New plan
        </Button>
      </Group>

      <AdminPagedRows
        list={plans}
        label="plans"
        emptyText="No plans yet. Create one to open vendor applications."
      >
        <AdminTableAndCards
          rows={rows}
          rowKey={(plan) => plan.id}
          head={[
            'Name',
            'Price',
            'Status',
            'Subscribers',
            <VisuallyHidden key="actions">Actions</VisuallyHidden>,
          ]}
          cells={(plan) => (
            <>
              <Table.Td>
                <Text fw={600}>{plan.name}</Text>
                <Text size="xs" c="dimmed" lineClamp={1} maw={320}>
                  {plan.description}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{priceText(plan)}</Table.Td>
              <Table.Td>
                <PlanStatus plan={plan} />
              </Table.Td>
              <Table.Td>{plan.subscriber_count}</Table.Td>
              <Table.Td>
                <PlanActions plan={plan} onEdit={open} onToggle={setActive} busy={busyId === plan.id} />
              </Table.Td>
            </>
          )}
          // Phones: one card per plan, so the actions are never scrolled out of sight.
          card={(plan) => (
            <>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <div>
                  <Text fw={600}>{plan.name}</Text>
                  <Text size="sm">{priceText(plan)}</Text>
                </div>
                <PlanStatus plan={plan} />
              </Group>
              <Text size="sm" c="dimmed" mt={4}>
                {plan.subscriber_count} {plan.subscriber_count === 1 ? 'subscriber' : 'subscribers'}
              </Text>
              <PlanActions plan={plan} onEdit={open} onToggle={setActive} busy={busyId === plan.id} />
            </>
          )}
        />
      </AdminPagedRows>

      <PlanDialog opened={dialogOpen} plan={editing} onClose={() => setDialogOpen(false)} />
    </Stack>
  );
}
