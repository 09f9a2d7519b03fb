import { IconChevronDown } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useHydrated } from '#app/ui/use-hydrated.ts';
import classes from './landing.module.css';
import { SOLUTION_LINKS } from './landing-anchors.ts';
import { SectionLink } from './section-link.tsx';

/**
 * The top bar's Solutions menu (public spec, section 2) as a disclosure of links (the WAI pattern for
 * site navigation): a tiny component instead of a popover library on the landing page's first load.
 */
export function SolutionsMenu() {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      root.current?.querySelector('button')?.focus();
    };
    // Tabbing past the last item closes the menu too.
    const onFocusIn = (event: FocusEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={root} className={classes.solutions}>
      <button
        type="button"
        className={classes.navLink}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        inert={!hydrated}
      >
        Solutions{' '}
        <IconChevronDown size={16} aria-hidden="true" className={classes.chevron} data-open={open} />
      </button>
      <ul id={listId} className={classes.solutionsList} hidden={!open}>
        {SOLUTION_LINKS.map((link) => (
          <li key={link.id}>
            <SectionLink to={link.id} className={classes.solutionsItem} onNavigate={() => setOpen(false)}>
              {link.label}
            </SectionLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
