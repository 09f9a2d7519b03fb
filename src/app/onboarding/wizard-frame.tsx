import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Under a wizard's steps: Back (not on the first step), then Next until the `last` step, where
 * `children` (the submit button) takes its place. `inert` until the page can act on a click.
 */
export function WizardNav({
  step,
  last,
  busy,
  onStep,
  onNext,
  inert,
  children,
}: {
  step: number;
  last: number;
  busy: boolean;
  onStep: (update: (current: number) => number) => void;
  onNext: () => void;
  inert?: boolean;
  children: ReactNode;
}) {
  return (
    <Group justify="space-between" inert={inert}>
      <Button
        variant="default"
        onClick={() => onStep((current) => Math.max(current - 1, 0))}
        disabled={step === 0 || busy}
      >
        Back
      </Button>
      {step < last ? (
        <Button onClick={onNext} loading={busy}>
          Next
        </Button>
      ) : (
        children
      )}
    </Group>
  );
}
