import { useEffect } from 'react';
import { usePageTitle } from '#app/ui/page-title.ts';
import { CookieBanner } from './cookie-banner.tsx';
import classes from './landing.module.css';
import { LandingAbout } from './landing-about.tsx';
import { scrollToSection, sectionFromHash } from './landing-anchors.ts';
import { LandingAudiences } from './landing-audiences.tsx';
import { LandingDemos } from './landing-demos.tsx';
import { LandingFooter } from './landing-footer.tsx';
import { LandingGettingStarted } from './landing-getting-started.tsx';
import { LandingHero } from './landing-hero.tsx';
import { LandingOverview } from './landing-overview.tsx';
import { LandingTopBar } from './landing-top-bar.tsx';

/** `/`: the public landing page, its sections in the spec's order (public spec, section 2). */
export function LandingPage() {
  usePageTitle('FieldBid: property maintenance, documented');

  // Arriving at /#demos (from another page or a shared link): the section renders after the lazy
  // route chunk, later than the browser's own jump, so scroll to it once it exists.
  useEffect(() => {
    const id = sectionFromHash(window.location.hash);
    if (id) scrollToSection(id, { updateHash: false });
  }, []);

  return (
    <div className={classes.page}>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <LandingTopBar />
      <main id="main" tabIndex={-1}>
        <LandingHero />
        <LandingOverview />
        <LandingAudiences />
        <LandingAbout />
        <LandingDemos />
        <LandingGettingStarted />
      </main>
      <LandingFooter />
      <CookieBanner />
    </div>
  );
}
