import { asc, eq, sql } from 'drizzle-orm';
import type { AdminPlan, PlanValues } from '#shared/admin-plans.ts';
import type { Db } from '../db/database.ts';
import { plans } from '../db/schema/plans.ts';

// The plans table as staff see it: every plan, active or not, with what refers to it.

// Written out with aliases: drizzle leaves column names unqualified in a one-table select, which
// would make "plan_id = id" compare the subquery's own columns.
const subscriberCount = sql<number>`(select count(*)::int from subscriptions s where s.plan_id = plans.id and s.status <> 'canceled')`;
/** Any row that keeps the plan (foreign keys with ON DELETE RESTRICT): such a plan is only deactivated. */
const inUse = sql<boolean>`(
  exists (select 1 from subscriptions s where s.plan_id = plans.id)
  or exists (select 1 from checkout_sessions c where c.plan_id = plans.id)
  or exists (select 1 from vendor_applications a where a.plan_id = plans.id)
)`;

const adminColumns = {
  id: plans.id,
  name: plans.name,
  price: plans.price,
  frequency: plans.frequency,
  description: plans.description,
  is_active: plans.isActive,
  sort_order: plans.sortOrder,
  stripe_price_id: plans.stripePriceId,
  in_use: inUse,
  subscriber_count: subscriberCount,
};

const columnsFrom = (values: PlanValues) => ({
  name: values.name,
  price: values.price,
  frequency: values.frequency,
  description: values.description,
  isActive: values.is_active,
  sortOrder: values.sort_order,
  stripePriceId: values.stripe_price_id,
});

export function listAdminPlans(db: Db): Promise<AdminPlan[]> {
  return db.select(adminColumns).from(plans).orderBy(asc(plans.sortOrder), asc(plans.id));
}

export async function findAdminPlan(db: Db, id: number): Promise<AdminPlan | null> {
  const [plan] = await db.select(adminColumns).from(plans).where(eq(plans.id, id));
  return plan ?? null;
}

export async function createPlan(db: Db, values: PlanValues): Promise<AdminPlan> {
  const [row] = await db.insert(plans).values(columnsFrom(values)).returning({ id: plans.id });
  return (await findAdminPlan(db, row!.id))!;
}

/** null when there is no such plan. */
export async function updatePlan(db: Db, id: number, values: PlanValues): Promise<AdminPlan | null> {
  const [row] = await db
    .update(plans)
    .set({ ...columnsFrom(values), updatedAt: sql`now()` })
    .where(eq(plans.id, id))
    .returning({ id: plans.id });
  return row ? findAdminPlan(db, row.id) : null;
}

/**
 * Deletes a plan nothing refers to; a plan in use is deactivated instead (its subscribers keep it,
 * new vendors no longer see it). The plan row is locked so a checkout cannot start on it meanwhile.
 */
export async function removePlan(
  db: Db,
  id: number,
): Promise<{ outcome: 'deleted' } | { outcome: 'deactivated'; plan: AdminPlan } | null> {
  return db.transaction(async (tx) => {
    const [plan] = await tx
      .select({ id: plans.id, inUse: inUse })
      .from(plans)
      .where(eq(plans.id, id))
      .for('update');
    if (!plan) return null;
    if (!plan.inUse) {
      await tx.delete(plans).where(eq(plans.id, id));
      return { outcome: 'deleted' as const };
    }
    await tx.update(plans).set({ isActive: false, updatedAt: sql`now()` }).where(eq(plans.id, id));
    return { outcome: 'deactivated' as const, plan: (await findAdminPlan(tx, id))! };
  });
}
