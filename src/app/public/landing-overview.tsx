import { Text, Title } from '@mantine/core';
import { Icon360View, IconChartLine, IconHistory, IconUsersGroup } from '@tabler/icons-react';
import classes from './landing.module.css';
import { SECTION_IDS } from './landing-anchors.ts';

const BENEFITS = [
  {
    icon: Icon360View,
    title: 'In-wall 360° photo documentation',
    text: 'Capture the plumbing, wiring and framing before the drywall closes. Every photo is pinned to the unit’s floor plan, so the next repair starts with a look inside, not a hole in the wall.',
  },
  {
    icon: IconChartLine,
    title: 'Real-time tracking of maintenance progress',
    text: 'Follow each request from the first bid to the finished job. Status changes, messages and photos arrive as they happen, on the desktop and in the field.',
  },
  {
    icon: IconUsersGroup,
    title: 'Vendor selection and management',
    text: 'Invite licensed, insured vendors by trade, compare their bids side by side and keep the ones who deliver. Every vendor is vetted and subscribed before they can bid.',
  },
  {
    icon: IconHistory,
    title: 'A maintenance history that raises property value',
    text: 'Each repair becomes part of the building’s record: what was done, by whom, when, and what it looks like behind the wall. Buyers, lenders and insurers value that proof.',
  },
] as const;

/** The summary and the platform benefits (public spec, section 2); #services points here. */
export function LandingOverview() {
  return (
    <>
      <section className={classes.section} aria-labelledby="summary-title">
        <div className={classes.narrow}>
          <Title order={2} id="summary-title" className={classes.sectionTitle}>
            One place for every maintenance job, from request to record
          </Title>
          <Text className={classes.sectionLead}>
            Property maintenance still runs on phone calls, paper quotes and photos lost in text threads.
            FieldBid brings it together: property managers post the job, qualified vendors bid on it, and the
            finished work is documented down to what sits inside the walls.
          </Text>
        </div>
      </section>

      <section
        id={SECTION_IDS.services}
        tabIndex={-1}
        className={`${classes.section} ${classes.tinted}`}
        aria-labelledby="services-title"
      >
        <div className={classes.wide}>
          <Text className={classes.eyebrow}>Services</Text>
          <Title order={2} id="services-title" className={classes.sectionTitle}>
            What the platform does for you
          </Title>
          <ul className={classes.benefits}>
            {BENEFITS.map(({ icon: Icon, title, text }) => (
              <li key={title} className={classes.benefit}>
                <span className={classes.benefitIcon} aria-hidden="true">
                  <Icon size={26} stroke={1.8} />
                </span>
                <Title order={3} className={classes.cardTitle}>
                  {title}
                </Title>
                <Text className={classes.cardText}>{text}</Text>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
