import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { scrollToSection } from './landing-anchors.ts';

/**
 * A real `#id` link (it still works opened in a new tab) whose click scrolls smoothly below the fixed
 * top bar instead of jumping.
 */
export function SectionLink({
  to,
  onNavigate,
  onClick,
  ...anchorProps
}: { to: string; onNavigate?: () => void } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onNavigate?.();
    scrollToSection(to);
  };
  return (
    // Mantine's Button passes its class, data attributes and children through (component={SectionLink}).
    <a {...anchorProps} href={`#${to}`} onClick={handleClick} />
  );
}
