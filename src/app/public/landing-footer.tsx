import { Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { reopenConsentBanner } from '#app/lib/cookie-consent.ts';
import { publicPaths } from '#app/public-paths.ts';
import { FieldBidLogo } from '#app/ui/fieldbid-logo.tsx';
import { preloadableLazy } from '#app/ui/preloadable-lazy.ts';
import { useHydrated } from '#app/ui/use-hydrated.ts';
import { COMPANY_ADDRESS, COMPANY_PHONE } from './company-contact.ts';
import classes from './landing.module.css';
import { SECTION_IDS, SOLUTION_LINKS, TOP_BAR_LINKS } from './landing-anchors.ts';
import { SectionLink } from './section-link.tsx';

// The form library comes with the form, after the page has painted (the footer is far below the fold).
const ContactForm = preloadableLazy(() => import('./contact-form.tsx').then((m) => m.ContactForm));

/**
 * Loads the contact form before the prerendered page is hydrated (landing-root.tsx). Still loading, its
 * boundary would be server HTML when the footer re-renders after hydration, and React would drop that
 * HTML (and whatever was typed into it) to render the form anew.
 */
export const preloadContactForm = ContactForm.preload;

// The legal pages are not part of the spec's route list (full page loads: the footer's plain links).
const PRIVACY_PATH = publicPaths.privacyPolicy;
const TERMS_PATH = publicPaths.termsOfService;

/** The footer (#contact-us): contact form, phone and address, link lists (public spec, section 2). */
export function LandingFooter() {
  const hydrated = useHydrated();
  return (
    <footer id={SECTION_IDS.contactUs} tabIndex={-1} className={classes.footer}>
      <section className={`${classes.wide} ${classes.footerGrid}`} aria-labelledby="contact-title">
        <div className={classes.footerContact}>
          <Title order={2} id="contact-title" className={classes.sectionTitle}>
            Contact us
          </Title>
          <Text className={classes.footerLead}>
            Questions, a visit to your office or a Lunch &amp; Learn for your team: write to us and we will
            answer within one business day.
          </Text>
          <address className={classes.address}>
            <span className={classes.addressLabel}>Phone</span>
            <a href={COMPANY_PHONE.href} className={classes.footerLink}>
              {COMPANY_PHONE.display}
            </a>
            <span className={classes.addressLabel}>Office</span>
            <span>
              {COMPANY_ADDRESS[0]}
              <br />
              {COMPANY_ADDRESS[1]}
            </span>
          </address>
        </div>

        <div className={classes.footerForm}>
          <h3 id="contact-form-title" className={classes.visuallyHidden}>
            Send us a message
          </h3>
          {/* The form is in the prerendered page; moving here inside the app, it follows its chunk. */}
          <Suspense fallback={null}>
            <ContactForm />
          </Suspense>
        </div>
      </section>

      <div className={`${classes.wide} ${classes.footerLinks}`}>
        <div className={classes.footerBrand}>
          <FieldBidLogo size={30} wordmarkColor="white" />
          <Text size="sm" className={classes.footerMuted}>
            Property maintenance, documented.
          </Text>
        </div>
        <nav aria-label="Company">
          <h3 className={classes.footerHeading}>Company</h3>
          <ul className={classes.footerList}>
            {TOP_BAR_LINKS.map((link) => (
              <li key={link.id}>
                <SectionLink to={link.id} className={classes.footerLink}>
                  {link.label}
                </SectionLink>
              </li>
            ))}
            <li>
              <SectionLink to={SECTION_IDS.contactUs} className={classes.footerLink}>
                Contact Us
              </SectionLink>
            </li>
          </ul>
        </nav>
        <nav aria-label="Solutions">
          <h3 className={classes.footerHeading}>Solutions</h3>
          <ul className={classes.footerList}>
            {SOLUTION_LINKS.map((link) => (
              <li key={link.id}>
                <SectionLink to={link.id} className={classes.footerLink}>
                  {link.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h3 className={classes.footerHeading}>Legal</h3>
          <ul className={classes.footerList}>
            <li>
              <a href={PRIVACY_PATH} className={classes.footerLink}>
                Privacy Policy
              </a>
            </li>
            <li>
              <a href={TERMS_PATH} className={classes.footerLink}>
                Terms of Service
              </a>
            </li>
            <li>
              <button
                type="button"
                className={classes.footerLinkButton}
                onClick={reopenConsentBanner}
                inert={!hydrated}
              >
                Cookies Settings
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <div className={`${classes.wide} ${classes.copyright}`}>
        {/* The year of the build in the prerendered HTML; the browser's after New Year. */}
        <Text size="sm" className={classes.footerMuted} suppressHydrationWarning>
          © {new Date().getFullYear()} FieldBid. All rights reserved.
        </Text>
      </div>
    </footer>
  );
}
