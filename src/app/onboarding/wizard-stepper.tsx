import { Stepper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './wizard-stepper.module.css';

interface WizardStepperProps {
  steps: readonly string[];
  active: number;
  onStepClick: (step: number) => void;
  /** One panel per step, in order. */
  children: ReactNode[];
}

/**
 * The Stepper of both wizards. On a phone four labelled steps wrap onto three lines, so there the
 * steps show numbers only and the current step's name is written above them (wizard-stepper.module.css
 * and `hiddenFrom`: the width is decided in CSS, the same in the prerendered HTML and after).
 * Prerendered, the current step's fields take typing before the app takes over (the page keeps it:
 * useTextTypedBeforeHydration); the step buttons are plain buttons outside a form, doing nothing until then.
 */
export function WizardStepper({ steps, active, onStepClick, children }: WizardStepperProps) {
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
