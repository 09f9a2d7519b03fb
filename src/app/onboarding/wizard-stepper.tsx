import { Stepper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './wizard-stepper.module.css';

interface WizardStepperProps {
  steps: readonly string[];
  active: number;
  onStepClick: (step: number) => void;
  /** One panel per step, in order. */
  children: ReactNode[];
  /** Until the page is hydrated (useHydrated): its fields and step buttons do nothing before. */
  inert?: boolean;
}

/**
 * The Stepper of both wizards. On a phone four labelled steps wrap onto three lines, so there the
 * steps show numbers only and the current step's name is written above them (wizard-stepper.module.css
 * and `hiddenFrom`: the width is decided in CSS, the same in the prerendered HTML and after).
 */
export function WizardStepper({ steps, active, onStepClick, children, inert }: WizardStepperProps) {
  return (
    <>
      <Text fw={600} size="sm" mb={-8} hiddenFrom="sm">
        Step {active + 1} of {steps.length}: {steps[active]}
      </Text>
      <Stepper
        active={active}
        size="sm"
        allowNextStepsSelect={false}
        onStepClick={onStepClick}
        classNames={{ stepBody: classes.stepBody }}
        inert={inert}
      >
        {steps.map((label, index) => (
          // The name holds the step's number: on a phone the number is all the button shows (WCAG 2.5.3,
          // label in name).
          <Stepper.Step key={label} label={label} aria-label={`Step ${index + 1}: ${label}`}>
            {children[index]}
          </Stepper.Step>
        ))}
      </Stepper>
    </>
  );
}
