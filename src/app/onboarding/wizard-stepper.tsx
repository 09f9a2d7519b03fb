import { Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

interface WizardStepperProps {
  steps: readonly string[];
  active: number;
  onStepClick: (step: number) => void;
  /** One panel per step, in order. */
  children: ReactNode[];
}

/**
 * The Stepper of both wizards. On a phone four labelled steps wrap onto three lines, so there the
 * steps show numbers only and the current step's name is written above them.
 */
export function WizardStepper({ steps, active, onStepClick, children }: WizardStepperProps) {
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <>
      {compact ? (
        <Text fw={600} size="sm" mb={-8}>
          Step {active + 1} of {steps.length}: {steps[active]}
        </Text>
      ) : null}
      <Stepper active={active} size="sm" allowNextStepsSelect={false} onStepClick={onStepClick}>
        {steps.map((label, index) => (
          <Stepper.Step key={label} label={compact ? undefined : label} aria-label={label}>
            {children[index]}
          </Stepper.Step>
        ))}
      </Stepper>
    </>
  );
}
