import { asc, eq, sql } from 'drizzle-orm';
import { type AuditActor, changedFields, recordAudit } from '#server/audit/audit-log-store.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { plans } from '#server/db/schema/plans.ts';
import type { AdminPlan, PlanValues } from '#shared/admin-plans.ts';

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

export function listAdminPlans(db: DbOrTx): Promise<AdminPlan[]> {
  return db.select(adminColumns).from(plans).orderBy(asc(plans.sortOrder), asc(plans.id));
}

export async function findAdminPlan(db: DbOrTx, id: number): Promise<AdminPlan | null> {
  const [plan] = await db.select(adminColumns).from(plans).where(eq(plans.id, id));
  return plan ?? null;
}

/** The edited fields of a plan as the form sends them, to compare before and after a change. */
const editable = (plan: AdminPlan): PlanValues => ({
  name: plan.name,
  price: plan.price,
  frequency: plan.frequency,
  description: plan.description,
  is_active: plan.is_active,
  sort_order: plan.sort_order,
  stripe_price_id: plan.stripe_price_id,
});

/** Creates the plan and audits it, in one transaction. */
export async function createPlan(db: DbOrTx, values: PlanValues, actor: AuditActor): Promise<AdminPlan> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(plans).values(columnsFrom(values)).returning({ id: plans.id });
    const plan = (await findAdminPlan(tx, row!.id))!;
    await recordAudit(tx, actor, {
      action: 'plan.create',
      target: { type: 'plan', id: plan.id, label: plan.name },
      details: editable(plan),
    });
    return plan;
  });
}

/**
 * null when there is no such plan. Audited with the fields it changed ({field: {from, to}}); a save
 * that changed nothing is not an action worth an entry.
 */
export async function updatePlan(
  db: DbOrTx,
  id: number,
  values: PlanValues,
  actor: AuditActor,
): Promise<AdminPlan | null> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, id)).for('update');
    if (!locked) return null;
    const before = (await findAdminPlan(tx, id))!;
    await tx
      .update(plans)
      .set({ ...columnsFrom(values), updatedAt: sql`now()` })
      .where(eq(plans.id, id));
    const after = (await findAdminPlan(tx, id))!;
    const changes = changedFields(editable(before), editable(after));
    if (changes) {
      await recordAudit(tx, actor, {
        action: 'plan.update',
        target: { type: 'plan', id, label: after.name },
        details: { changes },
      });
    }
    return after;
  });
}

/**
 * Deletes a plan nothing refers to; a plan in use is deactivated instead (its subscribers keep it,
 * new vendors no longer see it). The plan row is locked so a checkout cannot start on it meanwhile.
 * Either way one `plan.delete` entry records which it was.
 */
export async function removePlan(
  db: DbOrTx,
  id: number,
  actor: AuditActor,
): Promise<{ outcome: 'deleted' } | { outcome: 'deactivated'; plan: AdminPlan } | null> {
  return db.transaction(async (tx) => {
    const [plan] = await tx
      .select({ id: plans.id, name: plans.name, inUse: inUse })
      .from(plans)
      .where(eq(plans.id, id))
      .for('update');
    if (!plan) return null;
    const audit = (outcome: 'deleted' | 'deactivated') =>
      recordAudit(tx, actor, {
        action: 'plan.delete',
        target: { type: 'plan', id, label: plan.name },
        details: { outcome },
      });
    if (!plan.inUse) {
      await tx.delete(plans).where(eq(plans.id, id));
      await audit('deleted');
      return { outcome: 'deleted' as const };
    }
    await tx.update(plans).set({ isActive: false, updatedAt: sql`now()` }).where(eq(plans.id, id));
    await audit('deactivated');
    return { outcome: 'deactivated' as const, plan: (await findAdminPlan(tx, id))! };
  });
}
