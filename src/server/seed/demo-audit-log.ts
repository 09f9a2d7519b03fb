import { eq, isNotNull } from 'drizzle-orm';
import { propertyManagerApplications, vendorApplications } from '#server/db/schema/applications.ts';
import { auditLog } from '#server/db/schema/audit-log.ts';
import { contactMessages, demoRequests } from '#server/db/schema/contact.ts';
import { users } from '#server/db/schema/users.ts';
import type { AuditAction, AuditTargetType } from '#shared/admin-audit-log.ts';
import type { SeedContext } from './seed-context.ts';

interface Decided {
  actorId: number;
  at: Date;
  action: AuditAction;
  type: AuditTargetType;
  id: number;
  label: string;
  details?: Record<string, unknown>;
}

/**
 * The audit entries of what the demo staff already did in the seeded rows (the reviewed
 * applications, the handled inbox items), read back from those rows so the two always agree.
 */
export async function seedAuditLog(context: SeedContext): Promise<void> {
  const { db } = context;
  const decided: Decided[] = [];
  for (const [table, type, company] of [
    [propertyManagerApplications, 'manager_application', propertyManagerApplications.companyName],
    [vendorApplications, 'vendor_application', vendorApplications.vendorName],
  ] as const) {
    const rows = await db
      .select({ id: table.id, status: table.status, by: table.reviewedById, at: table.reviewedAt, company })
      .from(table)
      .where(isNotNull(table.reviewedById));
    for (const row of rows) {
      if (row.by === null || row.at === null) continue;
      const action = row.status === 'rejected' ? 'application.reject' : 'application.approve';
      decided.push({ actorId: row.by, at: row.at, action, type, id: row.id, label: row.company });
    }
  }
  const demos = await db.select().from(demoRequests).where(isNotNull(demoRequests.handledById));
  for (const row of demos) {
    decided.push({
      actorId: row.handledById!,
      at: row.handledAt!,
      action: 'demo_request.handle',
      type: 'demo_request',
      id: row.id,
      label: `${row.companyName} · ${row.email}`,
      details: { status: row.status },
    });
  }
  const messages = await db.select().from(contactMessages).where(isNotNull(contactMessages.handledById));
  for (const row of messages) {
    decided.push({
      actorId: row.handledById!,
      at: row.handledAt!,
      action: 'contact_message.handle',
      type: 'contact_message',
      id: row.id,
      label: `${row.name} · ${row.email}`,
    });
  }
  for (const entry of decided.sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const [actor] = await db.select({ email: users.email }).from(users).where(eq(users.id, entry.actorId));
    await db.insert(auditLog).values({
      actorId: entry.actorId,
      actorEmail: actor!.email,
      action: entry.action,
      targetType: entry.type,
      targetId: entry.id,
      targetLabel: entry.label,
      details: entry.details ?? null,
      createdAt: entry.at,
    });
  }
}
