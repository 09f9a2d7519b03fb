import { Text, Title } from '@mantine/core';
import {
  type Icon,
  IconBuildingSkyscraper,
  IconCheck,
  IconClipboardList,
  IconTool,
} from '@tabler/icons-react';
import classes from './landing.module.css';
import { SECTION_IDS } from './landing-anchors.ts';

interface Audience {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  points: readonly string[];
  icon: Icon;
  figure: { value: string; label: string };
}

const AUDIENCES: readonly Audience[] = [
  {
    id: SECTION_IDS.propertyManagers,
    eyebrow: 'For property managers',
    title: 'Run maintenance across every property without chasing anyone',
    text: 'Post a request with photos and a priority, invite the vendors you trust or let qualified ones find it, and award the job from one screen.',
    points: [
      'Requests by property and unit, with category, priority and photos',
      'Bids compared side by side, with each vendor’s licence and insurance on file',
      'Floor plans with 360° photo pins for every unit you manage',
    ],
    icon: IconClipboardList,
    figure: { value: '1 screen', label: 'For requests, bids, messages and records' },
  },
  {
    id: SECTION_IDS.vendors,
    eyebrow: 'For vendors',
    title: 'Find steady work and win it on the quality of your bid',
    text: 'Plumbers, electricians, HVAC technicians and general contractors see open jobs in their trade, bid from the job site and message the manager directly.',
    points: [
      'Open jobs in your trade, with the manager’s photos and notes',
      'Bids and messages that work on a phone, even with one bar of signal',
      'A record of finished work that speaks for you on the next job',
    ],
    icon: IconTool,
    figure: { value: 'Offline-ready', label: 'Bids and messages are sent when signal returns' },
  },
  {
    id: SECTION_IDS.owners,
    eyebrow: 'For building owners',
    title: 'Know what is behind your walls and what was done to them',
    text: 'Your property manager’s work on FieldBid becomes a documented maintenance history of your building: every repair, every vendor, every photo.',
    points: [
      'A maintenance history you can hand to buyers, lenders and insurers',
      'In-wall photos that save opening walls to find a pipe or a wire',
      'Clear records of who did the work and when',
    ],
    icon: IconBuildingSkyscraper,
    figure: { value: 'Documented', label: 'A history that raises property value' },
  },
];

/** Property managers, vendors and building owners, each with its anchor (public spec, section 2). */
export function LandingAudiences() {
  return (
    <>
      {AUDIENCES.map((audience, index) => (
        <section
          key={audience.id}
          id={audience.id}
          tabIndex={-1}
          className={`${classes.section} ${index % 2 === 1 ? classes.tinted : ''}`}
          aria-labelledby={`${audience.id}-title`}
        >
          <div className={`${classes.wide} ${classes.split}`} data-reverse={index % 2 === 1}>
            <div>
              <Text className={classes.eyebrow}>{audience.eyebrow}</Text>
              <Title order={2} id={`${audience.id}-title`} className={classes.sectionTitle}>
                {audience.title}
              </Title>
              <Text className={classes.sectionLead}>{audience.text}</Text>
              <ul className={classes.checks}>
                {audience.points.map((point) => (
                  <li key={point}>
                    <IconCheck size={20} stroke={2.4} aria-hidden="true" className={classes.checkIcon} />
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
            </div>
            <AudienceFigure audience={audience} />
          </div>
        </section>
      ))}
    </>
  );
}

function AudienceFigure({ audience }: { audience: Audience }) {
  const Icon = audience.icon;
  return (
    <div className={classes.audienceFigure} aria-hidden="true">
      <span className={classes.audienceIcon}>
        <Icon size={44} stroke={1.6} />
      </span>
      <span className={classes.audienceValue}>{audience.figure.value}</span>
      <span className={classes.audienceLabel}>{audience.figure.label}</span>
    </div>
  );
}
