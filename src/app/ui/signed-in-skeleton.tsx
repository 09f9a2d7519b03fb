import { FieldBidLogo } from './fieldbid-logo.tsx';
import classes from './signed-in-skeleton.module.css';

const ROWS = [
  { id: 'a', short: false },
  { id: 'b', short: true },
  { id: 'c', short: false },
  { id: 'd', short: false },
  { id: 'e', short: true },
  { id: 'f', short: false },
];

/**
 * The signed-in frame before the session is known: the shell's HTML for the signed-in areas
 * (src/app/prerender: it paints before any script) and the guard's first render, which replaces it
 * with the same picture until the real frame and screen can show.
 */
export function SignedInSkeleton() {
  return (
    <div role="status" aria-live="polite" aria-label="Checking your session">
      <header className={classes.header}>
        <span className={classes.menuButton} />
        <FieldBidLogo size={30} wordmarkClassName={classes.wordmark} />
      </header>
      <nav className={classes.sidebar} aria-hidden="true">
        {ROWS.map((row) => (
          <div key={row.id} className={`${classes.block} ${row.short ? classes.short : ''}`} />
        ))}
      </nav>
      <main className={classes.main}>
        <div className={`${classes.block} ${classes.title}`} />
        {ROWS.map((row) => (
          <div key={row.id} className={`${classes.block} ${row.short ? classes.short : ''}`} />
        ))}
      </main>
    </div>
  );
}
