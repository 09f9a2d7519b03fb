import { eq } from 'drizzle-orm';
import type { VisibilityViewer } from '#shared/request-visibility.ts';
import type { UserRow } from '../auth/session-store.ts';
import type { Db } from '../db/database.ts';
import { vendorProfiles } from '../db/schema/vendor-profiles.ts';

/** The signed-in user as the visibility rule sees it: a vendor brings its service categories. */
export async function loadViewer(db: Db, user: UserRow): Promise<VisibilityViewer> {
  let serviceCategories: string[] = [];
  if (user.type === 'vendor') {
    const [profile] = await db
      .select({ serviceCategories: vendorProfiles.serviceCategories })
      .from(vendorProfiles)
      .where(eq(vendorProfiles.userId, user.id));
    serviceCategories = profile?.serviceCategories ?? [];
  }
  return {
    id: user.id,
    type: user.type,
    isStaff: user.isStaff,
    isSuperuser: user.isSuperuser,
    clientId: user.clientId,
    serviceCategories,
  };
}
