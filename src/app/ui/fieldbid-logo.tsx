import { Group, Text } from '@mantine/core';

/** The FieldBid mark (same drawing as public/favicon.svg) with the wordmark. */
export function FieldBidLogo({
  size = 32,
  withWordmark = true,
  wordmarkColor = 'fieldbid.8',
  wordmarkClassName,
}: {
  size?: number;
  withWordmark?: boolean;
  /** A Mantine colour; white on dark backgrounds such as the landing page's footer. */
  wordmarkColor?: string;
  /** Lets a layout hide the wordmark on narrow screens with its own media query. */
  wordmarkClassName?: string;
}) {
  return (
    <Group gap={8} wrap="nowrap" component="span">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="#1b4f8f" />
        <path
          d="M13 31 32 15l19 16"
          fill="none"
          stroke="#fff"
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path
          d="M19 28v19a3 3 0 0 0 3 3h20a3 3 0 0 0 3-3V28"
          fill="none"
          stroke="#fff"
          strokeWidth="5"
          strokeLinejoin="round"
        />
        <path
          d="m25 38 5 5 9-10"
          fill="none"
          stroke="#3ddc97"
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {withWordmark ? (
        <Text
          component="span"
          className={wordmarkClassName}
          fw={800}
          fz={size * 0.62}
          c={wordmarkColor}
          lh={1}
        >
          FieldBid
        </Text>
      ) : null}
    </Group>
  );
}
