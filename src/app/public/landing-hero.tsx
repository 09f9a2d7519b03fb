import { Button, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { publicPaths } from '#app/route-paths.ts';
import { HeroIllustration } from './hero-illustration.tsx';
import classes from './landing.module.css';
import { SECTION_IDS } from './landing-anchors.ts';
import { SectionLink } from './section-link.tsx';

/** The hero (public spec, section 2); Schedule a Visit opens its own page, /schedule-visit. */
export function LandingHero() {
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <div className={classes.heroInner}>
        <div className={classes.heroCopy}>
          <Text className={classes.eyebrow}>Property maintenance, documented</Text>
          <Title order={1} id="hero-title" className={classes.heroTitle}>
            See inside every wall. Hire the right vendor. Keep the proof.
          </Title>
          <Text className={classes.heroLead}>
            FieldBid connects property managers with trusted maintenance vendors. Raise a request, compare
            bids, follow the work as it happens and keep an in-wall 360° photo record of every repair.
          </Text>
          <Group gap="sm" mt="xl">
            <Button component={SectionLink} to={SECTION_IDS.demos} size="md">
              See a Demo
            </Button>
            <Button component={SectionLink} to={SECTION_IDS.contactUs} size="md" variant="default">
              Contact Us
            </Button>
            <Button component={Link} to={publicPaths.scheduleVisit} size="md" variant="subtle">
              Schedule a Visit
            </Button>
          </Group>
        </div>
        <div className={classes.heroArt}>
          <HeroIllustration />
        </div>
      </div>
    </section>
  );
}
