import { Anchor, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconHourglassHigh } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import {
  VENDOR_APPROVAL_STEP_TEXTS,
  VENDOR_APPROVAL_STEPS,
  VENDOR_UNDER_REVIEW_TITLE,
  type VendorApproval,
  type VendorApprovalStep,
} from '#shared/vendor-approval.ts';
import { ReviewNotice, ReviewStep, ReviewSteps, type StepLine } from './review-notice.tsx';

// Where a vendor uploads a current certificate (settings screen, insurance section).
const INSURANCE_SETTINGS = '/vendor/settings/profile#insurance';

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

/**
 * What a vendor staff have not approved yet sees instead of jobs and its dashboard: that its
 * application is under review and, with `approval`, each step and what is still missing. Without it
 * (the jobs list only knows that the vendor is under review) it points to the dashboard.
 */
export function UnderReviewNotice({ approval }: { approval?: VendorApproval }) {
  return (
    <ReviewNotice
      titleId="under-review-title"
      title={VENDOR_UNDER_REVIEW_TITLE}
      intro="Thanks for joining FieldBid. Our staff approve every new vendor before it can see jobs and bid on them."
    >
      {approval ? (
        <ReviewSteps>
          <ReviewStep
            line={{ label: 'Company details', status: 'Received', icon: IconCheck, color: 'teal' }}
          />
          {VENDOR_APPROVAL_STEPS.map((step) => (
            <ReviewStep key={step} line={stepLine(step, approval.missing.includes(step))} />
          ))}
        </ReviewSteps>
      ) : (
        <Anchor component={Link} to="/vendor/dashboard" size="sm">
          See where your application stands
        </Anchor>
      )}
      <Text size="sm">
        We will email you once your account is approved: Available Jobs then lists the jobs in your trade, and
        you can bid on them.
      </Text>
    </ReviewNotice>
  );
}
