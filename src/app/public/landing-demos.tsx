import { Text, Title } from '@mantine/core';
import { IconDeviceMobile, IconLayoutDashboard, IconPhoto } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useHydrated } from '#app/ui/use-hydrated.ts';
import classes from './landing.module.css';
import { SECTION_IDS } from './landing-anchors.ts';
import { ButtonLabel, buttonLook } from './landing-button.tsx';

// The dialog (Modal, focus trap, the form library) loads on the first click, not with the page.
const DemoRequestDialog = lazy(() =>
  import('./demo-request-dialog.tsx').then((m) => ({ default: m.DemoRequestDialog })),
);

const DEMOS = [
  {
    icon: IconLayoutDashboard,
    title: 'The property manager portal',
    text: 'Raise a request for a unit, invite vendors by trade and award the best bid.',
  },
  {
    icon: IconDeviceMobile,
    title: 'The vendor app in the field',
    text: 'Find open jobs, bid and message from a phone, with or without signal.',
  },
  {
    icon: IconPhoto,
    title: 'In-wall 360° documentation',
    text: 'Walk a floor plan and look inside the walls at every photo pin.',
  },
] as const;

/** Demos (#demos) with the Request a Demo dialog (public spec, section 2). */
export function LandingDemos() {
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const hydrated = useHydrated();

  const open = () => {
    setDialogLoaded(true);
    setDialogOpen(true);
  };

  return (
    <section
      id={SECTION_IDS.demos}
      tabIndex={-1}
      className={`${classes.section} ${classes.dark}`}
      aria-labelledby="demos-title"
    >
      <div className={classes.wide}>
        <Text className={classes.eyebrow}>Demos</Text>
        <Title order={2} id="demos-title" className={classes.sectionTitle}>
          See FieldBid with your own properties in mind
        </Title>
        <Text className={classes.sectionLead}>
          A guided demo workspace shows the whole path of a repair, from the manager’s request to the vendor’s
          bid to the photos that stay on record.
        </Text>
        <ul className={classes.demoList}>
          {DEMOS.map(({ icon: Icon, title, text }) => (
            <li key={title} className={classes.demoCard}>
              <Icon size={28} stroke={1.7} aria-hidden="true" />
              <Title order={3} className={classes.cardTitle}>
                {title}
              </Title>
              <Text className={classes.cardText}>{text}</Text>
            </li>
          ))}
        </ul>
        <button
          type="button"
          {...buttonLook({ size: 'lg', variant: 'accent', spaced: true })}
          onClick={open}
          aria-haspopup="dialog"
          inert={!hydrated}
        >
          <ButtonLabel>Request a Demo</ButtonLabel>
        </button>
      </div>
      {dialogLoaded ? (
        <Suspense fallback={null}>
          <DemoRequestDialog opened={dialogOpen} onClose={() => setDialogOpen(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
