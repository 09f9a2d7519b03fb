import {
  type Icon,
  IconBell,
  IconBriefcase,
  IconBuildingEstate,
  IconClipboardList,
  IconCoin,
  IconLayoutDashboard,
  IconMap,
  IconMessages,
  IconSettings,
  IconSignature,
  IconTool,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { asbuildsPath, managerPaths, vendorPaths } from '#app/route-paths.ts';
import { AsbuildsPropertySync } from './asbuilds-property-sync.tsx';

export interface PortalNavItem {
  label: string;
  to: string;
  icon: Icon;
  /** Route patterns that light this item up; `to` alone when absent. */
  activeFor?: readonly string[];
  /** The target once a property is selected in the top bar; `to` until then. */
  toForProperty?: (projectId: number) => string;
}

export interface Portal {
  title: string;
  items: readonly PortalNavItem[];
  /** The top bar's settings-menu target. */
  settingsPath: string;
  /** Rendered once inside the selected-property state, for area-wide behaviour (no markup). */
  Companion?: ComponentType;
}

/** Vendor sidebar (signed-in spec, section 2); Logout is added by the sidebar itself. */
export const VENDOR_PORTAL: Portal = {
  title: 'Vendor Portal',
  settingsPath: vendorPaths.settings,
  items: [
    { label: 'Dashboard', to: vendorPaths.dashboard, icon: IconLayoutDashboard },
    {
      label: 'Available Jobs',
      to: vendorPaths.jobs,
      icon: IconBriefcase,
      activeFor: [vendorPaths.jobs, vendorPaths.requestDetail],
    },
    { label: 'Map', to: vendorPaths.map, icon: IconMap },
    { label: 'My Bids', to: vendorPaths.bids, icon: IconCoin },
    { label: 'Messages', to: vendorPaths.messages, icon: IconMessages },
    { label: 'Notifications', to: vendorPaths.notifications, icon: IconBell },
    {
      label: 'Settings',
      to: vendorPaths.settingsProfile,
      icon: IconSettings,
      activeFor: [vendorPaths.settings],
    },
  ],
};

/**
 * Property manager sidebar. The prototype disabled every item but Property Documentation; here each
 * leads to its screen (DESIGN.md, "Where the spec describes a prototype"). Property Documentation
 * goes to the selected property's as-builds, or to /property-manager/documentation without one.
 */
export const MANAGER_PORTAL: Portal = {
  title: 'Property Manager Portal',
  settingsPath: managerPaths.settingsProfile,
  // On an as-builds page, a new selected property replaces the URL's id (signed-in spec, section 2).
  Companion: AsbuildsPropertySync,
  items: [
    { label: 'Dashboard', to: managerPaths.dashboard, icon: IconLayoutDashboard },
    {
      label: 'Maintenance Requests',
      to: managerPaths.maintenance,
      icon: IconTool,
      activeFor: [managerPaths.maintenance, managerPaths.requestDetail],
    },
    {
      label: 'Property Documentation',
      to: managerPaths.documentation,
      toForProperty: asbuildsPath,
      icon: IconBuildingEstate,
      activeFor: [
        managerPaths.documentation,
        managerPaths.asbuilds,
        managerPaths.clientProperties,
        managerPaths.propertyHistory,
      ],
    },
    { label: 'Vendors', to: managerPaths.vendors, icon: IconClipboardList },
    { label: 'Property Team', to: managerPaths.team, icon: IconUsersGroup },
    { label: 'Owners and Limits', to: managerPaths.owners, icon: IconSignature },
    { label: 'Messages', to: managerPaths.messages, icon: IconMessages },
    { label: 'Notifications', to: managerPaths.notifications, icon: IconBell },
    { label: 'Settings', to: managerPaths.settingsProfile, icon: IconSettings },
  ],
};

/** An item's target for the selected property (null while none is selected). */
export function navItemTarget(item: PortalNavItem, selectedProjectId: number | null): string {
  return item.toForProperty && selectedProjectId !== null ? item.toForProperty(selectedProjectId) : item.to;
}

/** Whether a sidebar item is the current screen (its path or one of its screens' patterns). */
export function isNavItemActive(item: PortalNavItem, pathname: string): boolean {
  const patterns = item.activeFor ?? [item.to];
  return patterns.some((pattern) => matchPath({ path: pattern, end: false }, pathname) !== null);
}
