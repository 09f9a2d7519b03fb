import { sql } from 'drizzle-orm';
import { users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';

/**
 * A vendor's shown name: its company, else the person's full name. Use in a query that joins
 * `users` on the vendor and left-joins `vendor_profiles` on users.id.
 */
export const vendorNameSql = sql<string>`coalesce(${vendorProfiles.companyName}, trim(${users.firstName} || ' ' || ${users.lastName}))`;

/** A person's shown name: first and last name. Use in a query that joins `users`. */
export const personNameSql = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;
