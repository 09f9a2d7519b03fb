import { Text, Title } from '@mantine/core';
import classes from './landing.module.css';
import { SECTION_IDS } from './landing-anchors.ts';
import { ButtonLabel, buttonLook } from './landing-button.tsx';
import { SectionLink } from './section-link.tsx';

const STEPS = [
  {
    title: 'Meet us over lunch',
    text: 'We bring lunch to your office and walk your team through FieldBid with your own portfolio in mind.',
  },
  {
    title: 'Apply in minutes',
    text: 'Property managers and vendors apply online in four short steps; we review every application.',
  },
  {
    title: 'Post your first request',
    text: 'Add your properties, raise a request and watch the first bids arrive, usually the same day.',
  },
] as const;

/** Getting started (public spec, section 2): the Lunch & Learn button scrolls to the contact form. */
export function LandingGettingStarted() {
  return (
    <section
      id={SECTION_IDS.gettingStarted}
      tabIndex={-1}
      className={`${classes.section} ${classes.tinted}`}
      aria-labelledby="getting-started-title"
    >
      <div className={classes.wide}>
        <Text className={classes.eyebrow}>Getting started</Text>
        <Title order={2} id="getting-started-title" className={classes.sectionTitle}>
          Getting started takes one lunch
        </Title>
        <ol className={classes.steps}>
          {STEPS.map((step, index) => (
            <li key={step.title} className={classes.step}>
              <span className={classes.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <Title order={3} className={classes.cardTitle}>
                {step.title}
              </Title>
              <Text className={classes.cardText}>{step.text}</Text>
            </li>
          ))}
        </ol>
        <SectionLink to={SECTION_IDS.contactUs} {...buttonLook({ size: 'lg', spaced: true })}>
          <ButtonLabel>Schedule a Lunch &amp; Learn</ButtonLabel>
        </SectionLink>
      </div>
    </section>
  );
}
