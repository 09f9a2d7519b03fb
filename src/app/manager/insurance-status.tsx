import { Group, Text } from '@mantine/core';
import { IconShieldCheck, IconShieldExclamation, IconShieldOff, IconShieldX } from '@tabler/icons-react';
import { insuranceStateText } from '#shared/insurance-state.ts';
import type { VendorDirectoryEntry as VendorListItem } from '#shared/vendor-directory.ts';

const LOOK = {
  valid: { color: 'green.8', icon: IconShieldCheck },
  expired: { color: 'red.8', icon: IconShieldX },
  undated: { color: 'yellow.9', icon: IconShieldExclamation },
  missing: { color: 'dimmed', icon: IconShieldOff },
} as const;

/** A vendor's insurance, in the words the vendor's own Settings use (insurance-state.ts). */
export function InsuranceStatus({ insurance }: { insurance: VendorListItem['insurance'] }) {
  const look = LOOK[insurance.status];
  return (
    <Group gap={6} wrap="nowrap">
      <look.icon
        size={18}
        stroke={1.7}
        aria-hidden
        color={`var(--mantine-color-${look.color.replace('.', '-')})`}
      />
      <Text size="sm" c={look.color} style={{ whiteSpace: 'nowrap' }}>
        {insuranceStateText(insurance.status, insurance.expires_on)}
      </Text>
    </Group>
  );
}
