import type { Db } from '#server/db/database.ts';
import type { VisitSide } from '#server/db/schema/job-visits.ts';
import { enqueueMail } from '#server/mail/enqueue-mail.ts';
import { renderMail } from '#server/mail/mail-layout.ts';
import { notify } from '#server/notifications/notify.ts';
import { requestManagerIds } from '#server/request-core/request-managers.ts';
import { requestNumber } from '#shared/display-names.ts';
import { formatInZone } from '#shared/visit-times.ts';
import type { JobParty } from './visit-access.ts';
import type { VisitRow } from './visit-store.ts';

/**
 * Tells the other side of the job (the managing side when the vendor acted, the awarded vendor when a
 * manager did) with a request_status notice, in the transaction of the step.
 */
export async function tellOtherSide(
  tx: Db,
  party: JobParty,
  actor: VisitSide,
  notice: { title: string; message: string },
): Promise<void> {
  const { row, projectClientId, awardedVendorId } = party.parties;
  const userIds =
    actor === 'vendor'
      ? await requestManagerIds(tx, { createdById: row.createdById, projectClientId })
      : awardedVendorId === null
        ? []
        : [awardedVendorId];
  await notify(
    tx,
    userIds.map((userId) => ({
      userId,
      kind: 'request_status' as const,
      ...notice,
      relatedRequestId: row.id,
    })),
  );
}

/** "Visit 2 of request #43". */
export const visitName = (visit: VisitRow) =>
  `Visit ${visit.number} of request ${requestNumber(visit.requestId)}`;

/** The agreed window in the property's zone: "Mon, Jan 4, 9:00 AM MST to 11:00 AM". */
export function agreedTime(visit: VisitRow, timeZone: string): string {
  if (visit.startsAt === null || visit.endsAt === null) return '';
  const end = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  return `${formatInZone(visit.startsAt, timeZone)} to ${end.format(visit.endsAt)}`;
}

/**
 * A plain mail to the occupant the managers named (the request's occupant_email), if any: the
 * visit's time in the property's zone. Queued in the step's transaction, so it leaves only if the
 * step commits.
 */
export async function mailOccupant(
  tx: Db,
  party: JobParty,
  subject: string,
  paragraphs: string[],
): Promise<void> {
  const to = party.parties.row.occupantEmail;
  if (to === '') return;
  const where = party.property.address === '' ? 'the property' : party.property.address;
  const greeting =
    party.parties.row.occupantName === '' ? 'Hello,' : `Hello ${party.parties.row.occupantName},`;
  await enqueueMail(tx, {
    to,
    template: 'visit_occupant',
    ...renderMail({
      subject,
      paragraphs: [greeting, ...paragraphs, `This is about maintenance work at ${where}.`],
    }),
  });
}
