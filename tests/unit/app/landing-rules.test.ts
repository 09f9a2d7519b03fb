import { describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, consentCookieString, parseConsent } from '#app/lib/cookie-consent.ts';
import { sectionFromHash } from '#app/public/landing-anchors.ts';
import { knownFieldErrors } from '#app/public/landing-form-rules.ts';

describe('the cookie-consent cookie (public spec, sections 2 and 9)', () => {
  it('is kept 365 days on the whole site with SameSite Lax', () => {
    expect(consentCookieString('accepted', false)).toBe(
      'cookie-consent=accepted; Max-Age=31536000; Path=/; SameSite=Lax',
    );
  });

  it('is marked Secure over HTTPS', () => {
    expect(consentCookieString('necessary', true)).toBe(
      'cookie-consent=necessary; Max-Age=31536000; Path=/; SameSite=Lax; Secure',
    );
  });

  it('reads back only the two choices the banner offers', () => {
    expect(parseConsent(`a=1; ${CONSENT_COOKIE}=necessary`)).toBe('necessary');
    expect(parseConsent(`${CONSENT_COOKIE}=accepted; b=2`)).toBe('accepted');
    expect(parseConsent(`${CONSENT_COOKIE}=maybe`)).toBeNull();
    expect(parseConsent('')).toBeNull();
  });
});

describe('landing anchors', () => {
  it('knows the spec anchors from a location hash', () => {
    expect(sectionFromHash('#demos')).toBe('demos');
    expect(sectionFromHash('#contact-us')).toBe('contact-us');
    expect(sectionFromHash('#owners')).toBe('owners');
  });

  it('ignores an empty or unknown hash', () => {
    expect(sectionFromHash('')).toBeNull();
    expect(sectionFromHash('#pricing')).toBeNull();
  });
});

describe('landing form errors from the server', () => {
  it('keeps only the errors for fields the form shows, joined', () => {
    expect(
      knownFieldErrors({ email: ['Enter a valid email.', 'Too long.'], other: ['x'] }, ['email']),
    ).toEqual({
      email: 'Enter a valid email. Too long.',
    });
  });
});
