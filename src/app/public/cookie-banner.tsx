import { Group, Text } from '@mantine/core';
import { saveConsent, useConsentBannerVisible } from '#app/lib/cookie-consent.ts';
import classes from './landing.module.css';
import { ButtonLabel, buttonLook } from './landing-button.tsx';

/**
 * The cookie banner (public spec, section 2): shown until the visitor chooses Necessary Only or
 * Accept All, and again from Cookies Settings in the footer.
 */
export function CookieBanner() {
  const visible = useConsentBannerVisible();
  if (!visible) return null;
  return (
    <section className={classes.cookieBanner} aria-label="Cookie consent" aria-live="polite">
      <Text size="sm" className={classes.cookieText}>
        We use necessary cookies to keep you signed in and to protect forms. With your consent we also use
        cookies to understand how the site is used and to improve it. You can change your choice at any time
        under Cookies Settings.
      </Text>
      <Group gap="sm" wrap="nowrap" className={classes.cookieActions}>
        <button
          type="button"
          {...buttonLook({ variant: 'default' })}
          onClick={() => saveConsent('necessary')}
        >
          <ButtonLabel>Necessary Only</ButtonLabel>
        </button>
        <button type="button" {...buttonLook({})} onClick={() => saveConsent('accepted')}>
          <ButtonLabel>Accept All</ButtonLabel>
        </button>
      </Group>
    </section>
  );
}
