import {
  type Icon,
  IconBellRinging,
  IconBuildingCommunity,
  IconCreditCard,
  IconFileCheck,
  IconHistory,
  IconInbox,
  IconListCheck,
  IconMail,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { adminPaths } from '#app/route-paths.ts';
import { ApplicationsSection } from './applications-section.tsx';
import { AuditLogSection } from './audit-log-section.tsx';
import { ClientsSection } from './clients-section.tsx';
import { DeliveriesSection } from './deliveries-section.tsx';
import { InboxSection } from './inbox-section.tsx';
import { JobQueueSection } from './job-queue-section.tsx';
import { MailSection } from './mail-section.tsx';
import { PlansSection } from './plans-section.tsx';
import { UsersSection } from './users-section.tsx';

export interface AdminSection {
  /** The path segment under /admin/. */
  slug: string;
  path: string;
  label: string;
  icon: Icon;
  Component: ComponentType;
  /** Shown (link and route) to superusers only; the API refuses other staff anyway. */
  superuserOnly?: boolean;
}

/**
 * The staff console's sections, in menu order; the first is where /admin/ lands. A new section
 * (users, applications, clients) is one component and one entry here (plus its path in route-paths.ts).
 */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    slug: 'applications',
    path: adminPaths.applications,
    label: 'Applications',
    icon: IconFileCheck,
    Component: ApplicationsSection,
  },
  {
    slug: 'clients',
    path: adminPaths.clients,
    label: 'Clients & properties',
    icon: IconBuildingCommunity,
    Component: ClientsSection,
  },
  { slug: 'users', path: adminPaths.users, label: 'Users', icon: IconUsers, Component: UsersSection },
  { slug: 'plans', path: adminPaths.plans, label: 'Plans', icon: IconCreditCard, Component: PlansSection },
  { slug: 'inbox', path: adminPaths.inbox, label: 'Inbox', icon: IconInbox, Component: InboxSection },
  { slug: 'mail', path: adminPaths.mail, label: 'Sent mail', icon: IconMail, Component: MailSection },
  {
    slug: 'deliveries',
    path: adminPaths.deliveries,
    label: 'Deliveries',
    icon: IconBellRinging,
    Component: DeliveriesSection,
  },
  {
    slug: 'jobs',
    path: adminPaths.jobs,
    label: 'Job queue',
    icon: IconListCheck,
    Component: JobQueueSection,
  },
  {
    slug: 'audit-log',
    path: adminPaths.auditLog,
    label: 'Audit log',
    icon: IconHistory,
    Component: AuditLogSection,
    superuserOnly: true,
  },
];
