import { Group, Text, Title } from '@mantine/core';
import { publicPaths } from '#app/public-paths.ts';
import { PageLink } from '#app/ui/page-link.tsx';
import classes from './landing.module.css';
import { SECTION_IDS } from './landing-anchors.ts';
import { ButtonLabel, buttonLook } from './landing-button.tsx';
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
            <SectionLink to={SECTION_IDS.demos} {...buttonLook({ size: 'md' })}>
              <ButtonLabel>See a Demo</ButtonLabel>
            </SectionLink>
            <SectionLink to={SECTION_IDS.contactUs} {...buttonLook({ size: 'md', variant: 'default' })}>
              <ButtonLabel>Contact Us</ButtonLabel>
            </SectionLink>
            <PageLink to={publicPaths.scheduleVisit} {...buttonLook({ size: 'md', variant: 'subtle' })}>
              <ButtonLabel>Schedule a Visit</ButtonLabel>
            </PageLink>
          </Group>
        </div>
        <div className={classes.heroArt}>
          {/* A static drawing (public/images), so its few kilobytes are not in the page's JavaScript. */}
          <img
            src="/images/hero-illustration.svg"
            alt="A building with its wall opened to show pipes and wiring, a 360° panorama pin and an incoming bid"
            width={480}
            height={400}
            // The landing page's largest paint: fetched before anything else the page asks for.
            fetchPriority="high"
            className={classes.heroImage}
          />
        </div>
      </div>
    </section>
  );
}
