import { useLocation } from 'react-router-dom';
import { managerPaths, managerRequestPath, vendorPaths, vendorRequestPath } from '#app/route-paths.ts';

/**
 * Where a notification leads, in the area the user is in: the spec names the vendor routes; a
 * property manager goes to the same screens under /property-manager.
 */
export function useNotificationLinks() {
  const { pathname } = useLocation();
  const manager = pathname === '/property-manager' || pathname.startsWith('/property-manager/');
  return {
    request: manager ? managerRequestPath : vendorRequestPath,
    allNotifications: manager ? managerPaths.notifications : vendorPaths.notifications,
  };
}
