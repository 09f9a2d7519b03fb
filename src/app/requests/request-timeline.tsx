import { Card, Text, Timeline, Title } from '@mantine/core';
import { formatDateTime } from '#shared/date-display.ts';
import type { TimelineStep } from '#shared/request-responses.ts';
import { REQUEST_STATUS_LABELS } from '#shared/statuses.ts';

/** Every status change of the request, oldest first, with who and when. */
export function RequestTimeline({ steps }: { steps: TimelineStep[] }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="h4" mb="md">
        History
      </Title>
      {steps.length === 0 ? (
        <Text size="sm" c="dimmed">
          No status changes yet.
        </Text>
      ) : (
        <Timeline active={steps.length - 1} bulletSize={14} lineWidth={2}>
          {steps.map((step, index) => (
            <Timeline.Item
              // Steps have no id of their own; their order never changes.
              // biome-ignore lint/suspicious/noArrayIndexKey: the history is append-only
              key={index}
              title={step.label}
            >
              <Text size="xs" c="dimmed">
                {formatDateTime(step.when)}
                {step.who ? ` · ${step.who}` : ''}
                {step.from && step.from !== step.to
                  ? ` · ${REQUEST_STATUS_LABELS[step.from]} → ${REQUEST_STATUS_LABELS[step.to]}`
                  : ''}
              </Text>
              {step.note ? (
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                  {step.note}
                </Text>
              ) : null}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Card>
  );
}
