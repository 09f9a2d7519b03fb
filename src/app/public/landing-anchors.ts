// The landing page's anchors (public spec, section 2). The ids are part of the contract: other pages
// and e-mails link to /#demos, /#contact-us and so on.
export const SECTION_IDS = {
  aboutUs: 'about-us',
  services: 'services',
  demos: 'demos',
  propertyManagers: 'property-managers',
  vendors: 'vendors',
  owners: 'owners',
  gettingStarted: 'getting-started',
  contactUs: 'contact-us',
} as const;

export interface AnchorLink {
  label: string;
  id: string;
}

export const TOP_BAR_LINKS: readonly AnchorLink[] = [
  { label: 'About Us', id: SECTION_IDS.aboutUs },
  { label: 'Services', id: SECTION_IDS.services },
  { label: 'Demos', id: SECTION_IDS.demos },
];

export const SOLUTION_LINKS: readonly AnchorLink[] = [
  { label: 'Property Managers', id: SECTION_IDS.propertyManagers },
  { label: 'Vendors', id: SECTION_IDS.vendors },
  { label: 'Building Owners', id: SECTION_IDS.owners },
];

/** Height of the fixed top bar; sections keep this much room above them when scrolled to. */
export const TOP_BAR_HEIGHT = 68;

/** Below this width the top bar turns into the burger menu (public spec, section 9). */
export const MOBILE_BREAKPOINT = 970;

/** The section id in a location hash ('#demos' → 'demos'), or null for none or an unknown one. */
export function sectionFromHash(hash: string): string | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  return (Object.values(SECTION_IDS) as string[]).includes(id) ? id : null;
}

/**
 * Scrolls to a section, smoothly unless the visitor asked for reduced motion; the sections' CSS
 * scroll-margin-top keeps the heading clear of the fixed bar. The hash is updated without a jump so
 * the address can be shared and Back works.
 */
export function scrollToSection(id: string, options: { updateHash?: boolean } = {}): void {
  const target = document.getElementById(id);
  if (!target) return;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  if (options.updateHash !== false && window.location.hash !== `#${id}`) {
    window.history.pushState(window.history.state, '', `#${id}`);
  }
  // Move keyboard focus with the view, without a second jump.
  target.focus({ preventScroll: true });
}
