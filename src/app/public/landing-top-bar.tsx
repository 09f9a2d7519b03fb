import { Group } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FieldBidLogo } from '#app/ui/fieldbid-logo.tsx';
import { PageLink } from '#app/ui/page-link.tsx';
import { useHydrated } from '#app/ui/use-hydrated.ts';
import classes from './landing.module.css';
import { MOBILE_BREAKPOINT, SOLUTION_LINKS, TOP_BAR_LINKS } from './landing-anchors.ts';
import { LandingAuthActions } from './landing-auth-actions.tsx';
import { SectionLink } from './section-link.tsx';
import { SolutionsMenu } from './solutions-menu.tsx';

const MOBILE_MENU_ID = 'landing-mobile-menu';

/**
 * The fixed top bar (public spec, section 2): anchors, Solutions, and the account buttons; below
 * 970px (section 9) a burger opens the same links in a panel under the bar. Which variant shows is
 * decided in CSS, so the first paint is right at every width.
 */
export function LandingTopBar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const hydrated = useHydrated();
  const close = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    // Growing past the breakpoint hides the burger; the panel must not stay open behind it.
    const wide = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT}px)`);
    const onWide = () => {
      if (wide.matches) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    wide.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      wide.removeEventListener('change', onWide);
    };
  }, [menuOpen]);

  return (
    <header className={classes.topBar}>
      <div className={classes.topBarInner}>
        <PageLink to="/" className={classes.logoLink} aria-label="FieldBid home">
          <FieldBidLogo size={34} />
        </PageLink>

        <nav aria-label="Main" className={classes.desktopNav}>
          {TOP_BAR_LINKS.map((link) => (
            <SectionLink key={link.id} to={link.id} className={classes.navLink}>
              {link.label}
            </SectionLink>
          ))}
          <SolutionsMenu />
        </nav>

        <Group gap="sm" className={classes.desktopActions} wrap="nowrap">
          <LandingAuthActions />
        </Group>

        {/* Mantine's Burger drawn in the page's own CSS: one component less in its first load. */}
        <button
          type="button"
          className={classes.burger}
          onClick={() => setMenuOpen((open) => !open)}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          inert={!hydrated}
        >
          <span className={classes.burgerLines} data-opened={menuOpen || undefined} />
        </button>
      </div>

      {menuOpen ? (
        <nav id={MOBILE_MENU_ID} aria-label="Mobile" className={classes.mobileMenu}>
          <ul className={classes.mobileList}>
            {TOP_BAR_LINKS.map((link) => (
              <li key={link.id}>
                <SectionLink to={link.id} className={classes.mobileLink} onNavigate={close}>
                  {link.label}
                </SectionLink>
              </li>
            ))}
          </ul>
          <p className={classes.mobileGroupLabel} id={`${MOBILE_MENU_ID}-solutions`}>
            Solutions
          </p>
          <ul className={classes.mobileList} aria-labelledby={`${MOBILE_MENU_ID}-solutions`}>
            {SOLUTION_LINKS.map((link) => (
              <li key={link.id}>
                <SectionLink to={link.id} className={classes.mobileLink} onNavigate={close}>
                  {link.label}
                </SectionLink>
              </li>
            ))}
          </ul>
          <div className={classes.mobileActions}>
            <LandingAuthActions size="md" fullWidth />
          </div>
        </nav>
      ) : null}
    </header>
  );
}
