import { eq } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '#server/audit/audit-log-store.ts';
import type { DbOrTx } from '#server/db/db-or-tx.ts';
import { visitRequests } from '#server/db/schema/visit-requests.ts';

/** The audit entry of a visit request just handled or reopened, in that change's transaction. */
export async function auditVisitRequestChange(
  tx: DbOrTx,
  actor: AuditActor,
  id: number,
  change: 'handle' | 'reopen',
): Promise<void> {
  const [row] = await tx
    .select({ name: visitRequests.name, email: visitRequests.email })
    .from(visitRequests)
    .where(eq(visitRequests.id, id));
  await recordAudit(tx, actor, {
    action: change === 'handle' ? 'visit_request.handle' : 'visit_request.reopen',
    target: { type: 'visit_request', id, label: row ? `${row.name} · ${row.email}` : `Visit request ${id}` },
  });
}
