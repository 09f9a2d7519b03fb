import { Alert, Badge, Card, Radio, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { formatPlanAmount, planPeriod } from '#shared/plan-price.ts';
import type { VendorPlan } from './api.ts';

interface VendorPlanPickerProps {
  plans: VendorPlan[] | undefined;
  failed: boolean;
  value: string | null;
  onChange: (planId: string) => void;
  error: string | null;
}

/** Step 2 of the vendor wizard: one card per plan, in a wide grid (public spec, section 2). */
export function VendorPlanPicker({ plans, failed, value, onChange, error }: VendorPlanPickerProps) {
  if (failed) {
    return (
      <Alert color="red" variant="light" role="alert">
        Failed to load vendor plans
      </Alert>
    );
  }
  if (!plans) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Skeleton height={180} />
        <Skeleton height={180} />
        <Skeleton height={180} />
      </SimpleGrid>
    );
  }
  return (
    <Radio.Group value={value} onChange={onChange} label="Choose your plan" withAsterisk error={error}>
      <SimpleGrid cols={{ base: 1, sm: Math.min(Math.max(plans.length, 1), 3) }} mt="sm">
        {plans.map((plan) => {
          const id = String(plan.id);
          const selected = value === id;
          return (
            <Card
              key={id}
              withBorder
              radius="md"
              padding="lg"
              component="label"
              style={{
                cursor: 'pointer',
                borderColor: selected ? 'var(--mantine-color-fieldbid-6)' : undefined,
                borderWidth: selected ? 2 : undefined,
              }}
            >
              <Stack gap="xs">
                <Radio value={id} label={<Text fw={600}>{plan.name}</Text>} />
                <Text fz={28} fw={700} lh={1.1}>
                  {formatPlanAmount(plan.price)}{' '}
                  <Text span c="dimmed" fz="sm" fw={400}>
                    / {planPeriod(plan.frequency)}
                  </Text>
                </Text>
                {plan.description ? (
                  <Text size="sm" c="dimmed">
                    {plan.description}
                  </Text>
                ) : null}
                {selected ? (
                  <Badge variant="light" w="fit-content">
                    Selected
                  </Badge>
                ) : null}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}
