// @vitest-environment jsdom

import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  isNavItemActive,
  MANAGER_PORTAL,
  navItemTarget,
  VENDOR_PORTAL,
} from '#app/layouts/portal-navigation.ts';
import { ADMIN_ROUTE, isGuardedPath, managerPaths, publicPaths, vendorPaths } from '#app/route-paths.ts';
import { appRoutes } from '#app/router.tsx';
import { MANAGER_DASHBOARD_PATH, VENDOR_DASHBOARD_PATH } from '#shared/navigation.ts';
import { isSpaPath } from '#shared/spa-paths.ts';

function routerPaths(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [
    ...(route.path ? [route.path] : []),
    ...routerPaths(route.children ?? []),
  ]);
}

const specPaths = [
  ...Object.values(publicPaths),
  ...Object.values(vendorPaths),
  ...Object.values(managerPaths),
  ADMIN_ROUTE,
];

describe('route table', () => {
  it('routes every path of both spec documents, plus the catch-all', () => {
    expect(new Set(routerPaths(appRoutes))).toEqual(new Set([...specPaths, '*']));
  });

  it('matches the dashboards of #shared/navigation.ts', () => {
    expect(vendorPaths.dashboard).toBe(VENDOR_DASHBOARD_PATH);
    expect(managerPaths.dashboard).toBe(MANAGER_DASHBOARD_PATH);
  });

  it('lets the service worker serve the app shell for every route and nothing under /api', () => {
    for (const path of specPaths) expect(isSpaPath(path.replace(/:\w+/g, '1')), path).toBe(true);
    expect(isSpaPath('/api/users/auth-status/')).toBe(false);
    expect(isSpaPath('/stripe/vendor/subscription/success/a/b/')).toBe(false);
    expect(isSpaPath('/static/js/interactive-viewer.js')).toBe(false);
    expect(isSpaPath('/vendors-and-more')).toBe(false);
  });

  it('guards the vendor, manager and admin areas only', () => {
    expect(isGuardedPath('/vendor/jobs')).toBe(true);
    expect(isGuardedPath('/property-manager/7/asbuilds')).toBe(true);
    expect(isGuardedPath('/admin/')).toBe(true);
    expect(isGuardedPath('/vendor-application')).toBe(false);
    expect(isGuardedPath('/property-manager-application')).toBe(false);
  });
});

describe('sidebars (signed-in spec, section 2)', () => {
  it('lists the vendor items in order', () => {
    expect(VENDOR_PORTAL.title).toBe('Vendor Portal');
    expect(VENDOR_PORTAL.items.map((item) => item.label)).toEqual([
      'Dashboard',
      'Available Jobs',
      'Map',
      'My Bids',
      'Messages',
      'Notifications',
      'Settings',
    ]);
    expect(VENDOR_PORTAL.settingsPath).toBe('/vendor/settings');
  });

  it('lists the manager items in order, Property Documentation following the selected property', () => {
    const portal = MANAGER_PORTAL;
    expect(portal.title).toBe('Property Manager Portal');
    expect(portal.items.map((item) => item.label)).toEqual([
      'Dashboard',
      'Maintenance Requests',
      'Property Documentation',
      'Vendors',
      'Property Team',
      'Owners and Limits',
      'Messages',
      'Notifications',
      'Settings',
    ]);
    const documentation = portal.items[2]!;
    expect(navItemTarget(documentation, null)).toBe('/property-manager/documentation');
    expect(navItemTarget(documentation, 5)).toBe('/property-manager/5/asbuilds');
    // The other items do not depend on the property.
    expect(navItemTarget(portal.items[0]!, 5)).toBe('/property-manager/dashboard');
  });

  it('highlights the current item', () => {
    const [dashboard, jobs, map, , messages, , settings] = VENDOR_PORTAL.items;
    expect(isNavItemActive(dashboard!, '/vendor/dashboard')).toBe(true);
    expect(isNavItemActive(dashboard!, '/vendor/jobs')).toBe(false);
    expect(isNavItemActive(jobs!, '/vendor/requests/12')).toBe(true);
    expect(isNavItemActive(map!, '/vendor/map')).toBe(true);
    expect(isNavItemActive(jobs!, '/vendor/map')).toBe(false);
    expect(isNavItemActive(messages!, '/vendor/messages/12')).toBe(true);
    expect(isNavItemActive(settings!, '/vendor/settings')).toBe(true);
    expect(isNavItemActive(settings!, '/vendor/settings/profile')).toBe(true);
    const documentation = MANAGER_PORTAL.items[2]!;
    expect(isNavItemActive(documentation, '/property-manager/9/asbuilds')).toBe(true);
    expect(isNavItemActive(documentation, '/property-manager/dashboard')).toBe(false);
  });
});
