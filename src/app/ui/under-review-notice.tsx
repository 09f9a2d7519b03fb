import { Anchor, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type Icon, IconAlertTriangle, IconCheck, IconHourglassHigh } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import {
  VENDOR_APPROVAL_STEP_TEXTS,
  VENDOR_APPROVAL_STEPS,
  VENDOR_UNDER_REVIEW_TITLE,
  type VendorApproval,
  type VendorApprovalStep,
} from '#shared/vendor-approval.ts';

// Where a vendor uploads a current certificate (settings screen, insurance section).
const INSURANCE_SETTINGS = '/vendor/settings/profile#insurance';

/** One step of an application under review, as a line of its list (the manager's notice uses it too). */
export interface StepLine {
  label: string;
  /** What the vendor reads beside the label. */
  status: string;
  icon: Icon;
  color: string;
  link?: { to: string; text: string };
}

/** One line per step: done, waiting for staff, or waiting for the vendor. */
function stepLine(step: VendorApprovalStep, missing: boolean): StepLine {
  const { label, missing: missingText } = VENDOR_APPROVAL_STEP_TEXTS[step];
  if (!missing) {
    const done = { payment: 'Confirmed', insurance_certificate: 'On file', staff_review: 'Approved' };
    return { label, status: done[step], icon: IconCheck, color: 'teal' };
  }
  if (step === 'staff_review')
    return { label, status: missingText, icon: IconHourglassHigh, color: 'yellow' };
  return {
    label,
    status: missingText,
    icon: IconAlertTriangle,
    color: 'orange',
    link:
      step === 'insurance_certificate'
        ? { to: INSURANCE_SETTINGS, text: 'Upload your insurance certificate' }
        : undefined,
  };
}

export function ReviewStep({ line }: { line: StepLine }) {
  const StepIcon = line.icon;
  return (
    <Group component="li" wrap="nowrap" align="flex-start" gap="sm">
      <ThemeIcon size={28} radius="xl" variant="light" color={line.color}>
        <StepIcon size={16} aria-hidden />
      </ThemeIcon>
      <div>
        <Text fw={600} size="sm">
          {line.label}
        </Text>
        <Text size="sm" c="dimmed">
          {line.status}
        </Text>
        {line.link ? (
          <Anchor component={Link} to={line.link.to} size="sm">
            {line.link.text}
          </Anchor>
        ) : null}
      </div>
    </Group>
  );
}

/**
 * What a vendor staff have not approved yet sees instead of jobs and its dashboard: that its
 * application is under review and, with `approval`, each step and what is still missing. Without it
 * (the jobs list only knows that the vendor is under review) it points to the dashboard.
 */
export function UnderReviewNotice({ approval }: { approval?: VendorApproval }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="under-review-title">
      <Stack gap="md">
        <Group wrap="nowrap" gap="sm" align="flex-start">
          <ThemeIcon size={40} radius="md" variant="light" color="yellow">
            <IconHourglassHigh size={22} aria-hidden />
          </ThemeIcon>
          <div>
            <Title order={2} fz="h3" id="under-review-title">
              {VENDOR_UNDER_REVIEW_TITLE}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              Thanks for joining FieldBid. Our staff approve every new vendor before it can see jobs and bid
              on them.
            </Text>
          </div>
        </Group>
        {approval ? (
          <Stack
            component="ul"
            gap="sm"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Your application"
          >
            <ReviewStep
              line={{ label: 'Company details', status: 'Received', icon: IconCheck, color: 'teal' }}
            />
            {VENDOR_APPROVAL_STEPS.map((step) => (
              <ReviewStep key={step} line={stepLine(step, approval.missing.includes(step))} />
            ))}
          </Stack>
        ) : (
          <Anchor component={Link} to="/vendor/dashboard" size="sm">
            See where your application stands
          </Anchor>
        )}
        <Text size="sm">
          We will email you once your account is approved: Available Jobs then lists the jobs in your trade,
          and you can bid on them.
        </Text>
      </Stack>
    </Card>
  );
}
