import { Text, Title } from '@mantine/core';
import classes from './landing.module.css';
import { SECTION_IDS } from './landing-anchors.ts';

// The two claims the spec fixes (public spec, section 9).
const FACTS = [
  { value: '2024', label: 'Founded' },
  { value: '10M+', label: 'Square feet managed' },
  { value: 'Colorado', label: 'Headquarters' },
] as const;

/** About us (#about-us): founded 2024, over 10 million square feet managed. */
export function LandingAbout() {
  return (
    <section id={SECTION_IDS.aboutUs} tabIndex={-1} className={classes.section} aria-labelledby="about-title">
      <div className={`${classes.wide} ${classes.split}`}>
        <div>
          <Text className={classes.eyebrow}>About us</Text>
          <Title order={2} id="about-title" className={classes.sectionTitle}>
            Built by people who have opened too many walls to find a pipe
          </Title>
          <Text className={classes.sectionLead}>
            FieldBid was founded in 2024 by property managers and tradespeople who were tired of guessing what
            sat behind the drywall and of chasing quotes by phone. Today the platform helps manage over 10
            million square feet of residential and commercial property.
          </Text>
          <Text className={classes.sectionLead}>
            We build for the manager at the desk and the technician on the ladder: clear requests, fair bids,
            and a record of the work that stays with the building.
          </Text>
        </div>
        <dl className={classes.facts}>
          {FACTS.map((fact) => (
            <div key={fact.label} className={classes.fact}>
              <dt className={classes.factLabel}>{fact.label}</dt>
              <dd className={classes.factValue}>{fact.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
