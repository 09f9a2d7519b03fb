import { type AnchorHTMLAttributes, createContext, forwardRef, type MouseEvent, useContext } from 'react';

/** How a screen moves to another path: the router's navigate inside the app, null outside it. */
export type PageNavigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>;

/**
 * The app's router provides its navigate here (router.tsx). The landing page also runs without the
 * router (its own small root, src/app/public/landing-root.tsx), where moving on is a page load.
 */
export const PageNavigationContext = createContext<PageNavigate | null>(null);

const pageLoad: PageNavigate = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

export function usePageNavigate(): PageNavigate {
  return useContext(PageNavigationContext) ?? pageLoad;
}

type PageLinkProps = { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

/**
 * A plain link to one of the app's pages: a client-side move inside the router, a normal page load
 * (of a prerendered page) without it. Mantine components take it as `component={PageLink}`.
 */
export const PageLink = forwardRef<HTMLAnchorElement, PageLinkProps>(function PageLink(
  { to, onClick, ...anchorProps },
  ref,
) {
  const navigate = useContext(PageNavigationContext);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!navigate || event.defaultPrevented) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    if (anchorProps.target && anchorProps.target !== '_self') return;
    event.preventDefault();
    void navigate(to);
  };
  return <a ref={ref} {...anchorProps} href={to} onClick={handleClick} />;
});
