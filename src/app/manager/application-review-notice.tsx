import { Button, Group, Text } from '@mantine/core';
import { IconBuilding, IconCheck, IconHourglassHigh, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { managerPaths } from '#app/route-paths.ts';
import { ReviewNotice, ReviewStep, ReviewSteps } from '#app/ui/review-notice.tsx';
import { formatDate } from '#shared/date-display.ts';
import type { ManagerDashboard } from '#shared/manager-responses.ts';

type UnderReview = NonNullable<ManagerDashboard['under_review']>;

/** How long a review takes, as the notice promises it. */
const REVIEW_TIME = 'usually within one business day';

/**
 * What a property manager sees on the dashboard while staff review the company's application: that
 * it is under review, how long that takes, what approval brings (the building entered in the
 * application becomes a property, ready for a first request) and the one thing worth doing meanwhile.
 */
export function ApplicationReviewNotice({ review }: { review: UnderReview }) {
  const building = review.building_name || 'Your building';
  return (
    <ReviewNotice
      titleId="application-review-title"
      title="Your application is under review"
      intro={`Thanks for applying to FieldBid. Our staff check every new company before it can post maintenance requests to vendors, ${REVIEW_TIME}.`}
    >
      <ReviewSteps>
        <ReviewStep
          line={{
            label: 'Application',
            status: review.submitted_at ? `Received ${formatDate(review.submitted_at)}` : 'Received',
            icon: IconCheck,
            color: 'teal',
          }}
        />
        <ReviewStep
          line={{
            label: 'Staff review',
            status: `Waiting for our staff, ${REVIEW_TIME}`,
            icon: IconHourglassHigh,
            color: 'yellow',
          }}
        />
        <ReviewStep
          line={{
            label: building,
            status: 'Added to your properties once your application is approved',
            icon: IconBuilding,
            color: 'gray',
          }}
        />
      </ReviewSteps>
      <Text size="sm">
        We will email you once it is approved. {building} then shows on this dashboard, and you can raise your
        first maintenance request for it.
      </Text>
      <Group gap="sm" align="center">
        <Button
          component={Link}
          to={managerPaths.vendors}
          variant="light"
          leftSection={<IconUsers size={16} aria-hidden />}
        >
          See the vendors on FieldBid
        </Button>
        <Text size="sm" c="dimmed">
          Meanwhile, see who can bid on your jobs, by trade.
        </Text>
      </Group>
    </ReviewNotice>
  );
}
