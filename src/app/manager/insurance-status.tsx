import { Group, Text } from '@mantine/core';
import { IconShieldCheck, IconShieldOff, IconShieldX } from '@tabler/icons-react';
import { formatDate } from '#shared/date-display.ts';
import type { VendorDirectoryEntry as VendorListItem } from '#shared/vendor-directory.ts';

const LOOK = {
  valid: { color: 'green.8', icon: IconShieldCheck, text: 'Valid until' },
  expired: { color: 'red.8', icon: IconShieldX, text: 'Expired' },
  missing: { color: 'dimmed', icon: IconShieldOff, text: 'No certificate' },
} as const;

/** A vendor's insurance: valid through its expiry date, expired, or no certificate on file. */
export function InsuranceStatus({ insurance }: { insurance: VendorListItem['insurance'] }) {
  const look = LOOK[insurance.status];
  const date =
    insurance.status !== 'missing' && insurance.expires_on
      ? ` ${formatDate(insurance.expires_on, 'UTC')}`
      : '';
  return (
    <Group gap={6} wrap="nowrap">
      <look.icon
        size={18}
        stroke={1.7}
        aria-hidden
        color={`var(--mantine-color-${look.color.replace('.', '-')})`}
      />
      <Text size="sm" c={look.color} style={{ whiteSpace: 'nowrap' }}>
        {look.text}
        {date}
      </Text>
    </Group>
  );
}
