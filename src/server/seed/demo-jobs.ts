import { eq } from 'drizzle-orm';
import { bids } from '#server/db/schema/bids.ts';
import { messages } from '#server/db/schema/messages.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import {
  maintenanceRequests,
  requestInvitations,
  requestPhotos,
  requestStatusHistory,
} from '#server/db/schema/requests.ts';
import { lineItemTotal } from '#shared/bid-line-items.ts';
import { requestNumber } from '#shared/display-names.ts';
import { formatUsd } from '#shared/formatters.ts';
import type { RequestStatus } from '#shared/statuses.ts';
import { requestPhoto } from './demo-images.ts';
import {
  BIDS,
  type BidSeed,
  DEMO_ACCESS,
  JOBS,
  type JobSeed,
  LIFECYCLES,
  type LifecycleSeed,
} from './demo-jobs-data.ts';
import type { DemoPeople } from './demo-people.ts';
import type { DemoProperties } from './demo-properties.ts';
import { hoursAgo, inDays, type SeedContext, storePicture } from './seed-context.ts';

const HOUR = 3_600_000;

export async function seedJobs(
  context: SeedContext,
  people: DemoPeople,
  properties: DemoProperties,
): Promise<void> {
  const { db } = context;
  const lifecycleOf = new Map(LIFECYCLES.map((lifecycle) => [lifecycle.job, lifecycle]));

  const requestRows = await db
    .insert(maintenanceRequests)
    .values(
      JOBS.map((job) => {
        const lifecycle = lifecycleOf.get(job.ref);
        const status = statusAfter(lifecycle);
        const created = hoursAgo(context, job.ageHours);
        return {
          createdById: job.byTeamMember ? people.teamMemberId : people.managerId,
          projectId: properties.projects[job.project],
          unitId: job.unit ? properties.units[job.project][job.unit] : null,
          type: job.type,
          description: job.description,
          timeframe: job.timeframe,
          priority: job.priority,
          status,
          inviteAll: job.inviteAll ?? false,
          areasAffected: job.areas,
          isOpenForBids: status === 'open',
          bidDeadline: job.deadlineDays === null ? null : inDays(context, job.deadlineDays),
          vendorCompletedAt: at(context, lifecycle?.vendorCompletedHoursAgo),
          completionNote: lifecycle?.completionNote ?? '',
          completedAt: at(context, lifecycle?.confirmedHoursAgo),
          createdAt: created,
          updatedAt: lastChange(context, job, lifecycle),
        };
      }),
    )
    .returning({ id: maintenanceRequests.id });
  const requestId = new Map(JOBS.map((job, index) => [job.ref, requestRows[index]!.id]));
  const id = (ref: string) => requestId.get(ref)!;
  const jobOf = new Map(JOBS.map((job) => [job.ref, job]));

  const invitations = JOBS.flatMap((job) =>
    (job.invite ?? []).map((vendor) => ({
      requestId: id(job.ref),
      vendorId: people.vendors[vendor],
      createdAt: hoursAgo(context, job.ageHours),
    })),
  );
  if (invitations.length > 0) await db.insert(requestInvitations).values(invitations);

  const bidRows = await db
    .insert(bids)
    .values(
      BIDS.map((bid) => {
        const job = jobOf.get(bid.job)!;
        const lifecycle = lifecycleOf.get(bid.job);
        const placed = hoursAgo(context, job.ageHours - bid.placedAfterHours);
        const decided = lifecycle?.awardedHoursAgo ?? lifecycle?.cancelledHoursAgo;
        let status: 'pending' | 'accepted' | 'rejected' | 'withdrawn' = bid.status ?? 'pending';
        if (status === 'pending' && lifecycle?.awardedTo)
          status = lifecycle.awardedTo === bid.vendor ? 'accepted' : 'rejected';
        else if (status === 'pending' && lifecycle?.cancelledHoursAgo !== undefined) status = 'rejected';
        return {
          requestId: id(bid.job),
          vendorId: people.vendors[bid.vendor],
          amount: bid.amount,
          estimatedTime: bid.estimatedTime,
          estimatedTimeUnit: bid.unit,
          proposedStartDate: new Date(placed.getTime() + bid.startAfterDays * 24 * HOUR),
          notes: bid.notes,
          ...pricedSeed(bid),
          status,
          decidedAt:
            status === 'pending'
              ? null
              : status === 'withdrawn'
                ? new Date(placed.getTime() + HOUR)
                : at(context, decided),
          createdAt: placed,
          updatedAt: placed,
        };
      }),
    )
    .returning({ id: bids.id, requestId: bids.requestId, vendorId: bids.vendorId, status: bids.status });

  // Awarded requests point at their accepted bid.
  for (const bid of bidRows.filter((row) => row.status === 'accepted')) {
    await db
      .update(maintenanceRequests)
      .set({ awardedBidId: bid.id })
      .where(eq(maintenanceRequests.id, bid.requestId));
  }

  const { job: accessJob, ...access } = DEMO_ACCESS;
  await db
    .update(maintenanceRequests)
    .set({ ...access, accessUpdatedAt: hoursAgo(context, 5 * 24) })
    .where(eq(maintenanceRequests.id, id(accessJob)));

  await db
    .insert(requestStatusHistory)
    .values(JOBS.flatMap((job) => historyOf(context, job, lifecycleOf.get(job.ref), id(job.ref), people)));

  if (context.files) await seedRequestPhotos(context, people, id);
  await seedMessages(context, people, id);
  await seedNotifications(context, people, id);
}

function statusAfter(lifecycle: LifecycleSeed | undefined): RequestStatus {
  if (!lifecycle) return 'open';
  if (lifecycle.cancelledHoursAgo !== undefined) return 'cancelled';
  if (lifecycle.confirmedHoursAgo !== undefined) return 'completed';
  return 'in_progress';
}

function at(context: SeedContext, hours: number | undefined): Date | null {
  return hours === undefined ? null : hoursAgo(context, hours);
}

function lastChange(context: SeedContext, job: JobSeed, lifecycle: LifecycleSeed | undefined): Date {
  const steps = [
    job.ageHours,
    lifecycle?.awardedHoursAgo,
    lifecycle?.vendorCompletedHoursAgo,
    lifecycle?.confirmedHoursAgo,
    lifecycle?.cancelledHoursAgo,
  ].filter((hours): hours is number => hours !== undefined);
  return hoursAgo(context, Math.min(...steps));
}

function historyOf(
  context: SeedContext,
  job: JobSeed,
  lifecycle: LifecycleSeed | undefined,
  requestId: number,
  people: DemoPeople,
): (typeof requestStatusHistory.$inferInsert)[] {
  const manager = job.byTeamMember ? people.teamMemberId : people.managerId;
  const rows: (typeof requestStatusHistory.$inferInsert)[] = [
    {
      requestId,
      event: 'created',
      fromStatus: null,
      toStatus: 'open',
      changedById: manager,
      createdAt: hoursAgo(context, job.ageHours),
    },
  ];
  if (!lifecycle) return rows;
  if (lifecycle.awardedTo && lifecycle.awardedHoursAgo !== undefined) {
    rows.push({
      requestId,
      event: 'awarded',
      fromStatus: 'open',
      toStatus: 'in_progress',
      changedById: manager,
      note: `Awarded to ${people.vendorNames[lifecycle.awardedTo]}.`,
      createdAt: hoursAgo(context, lifecycle.awardedHoursAgo),
    });
  }
  if (lifecycle.awardedTo && lifecycle.vendorCompletedHoursAgo !== undefined) {
    rows.push({
      requestId,
      event: 'vendor_completed',
      fromStatus: 'in_progress',
      toStatus: 'in_progress',
      changedById: people.vendors[lifecycle.awardedTo],
      note: lifecycle.completionNote ?? '',
      createdAt: hoursAgo(context, lifecycle.vendorCompletedHoursAgo),
    });
  }
  if (lifecycle.confirmedHoursAgo !== undefined) {
    rows.push({
      requestId,
      event: 'confirmed',
      fromStatus: 'in_progress',
      toStatus: 'completed',
      changedById: manager,
      createdAt: hoursAgo(context, lifecycle.confirmedHoursAgo),
    });
  }
  if (lifecycle.cancelledHoursAgo !== undefined) {
    rows.push({
      requestId,
      event: 'cancelled',
      fromStatus: 'open',
      toStatus: 'cancelled',
      changedById: manager,
      note: lifecycle.note ?? '',
      createdAt: hoursAgo(context, lifecycle.cancelledHoursAgo),
    });
  }
  return rows;
}

async function seedRequestPhotos(context: SeedContext, people: DemoPeople, id: (ref: string) => number) {
  const files = context.files!;
  const pictures = await Promise.all([
    storePicture(files, 'request-sink-leak-1', requestPhoto(0, [222, 214, 196])),
    storePicture(files, 'request-sink-leak-2', requestPhoto(2, [222, 214, 196])),
    storePicture(files, 'request-ceiling-stain', requestPhoto(1, [236, 234, 228])),
    storePicture(files, 'request-heat-pump', requestPhoto(4, [200, 214, 226])),
    storePicture(files, 'completion-ac-service', requestPhoto(3, [214, 224, 214])),
  ]);
  const [leak1, leak2, stain, heatPump, acDone] = pictures;
  await context.db.insert(requestPhotos).values([
    { requestId: id('sinkLeak'), ...leak1!, uploadedById: people.managerId },
    { requestId: id('sinkLeak'), ...leak2!, uploadedById: people.managerId },
    { requestId: id('ceilingStain'), ...stain!, uploadedById: people.managerId },
    { requestId: id('heatPump'), ...heatPump!, uploadedById: people.managerId },
    { requestId: id('acService'), ...acDone!, kind: 'completion', uploadedById: people.vendors.peak },
  ]);
}

/** Threads between the manager and vendors; the newest two manager messages are unread by the vendor. */
async function seedMessages(context: SeedContext, people: DemoPeople, id: (ref: string) => number) {
  const minutesAgo = (minutes: number) => new Date(context.now.getTime() - minutes * 60_000);
  const vendor = people.vendors.peak;
  const fromVendor = { senderId: vendor, senderRole: 'vendor' as const };
  const fromManager = { senderId: people.managerId, senderRole: 'property_manager' as const };
  const sinkLeak = { requestId: id('sinkLeak'), vendorId: vendor };
  const waterHeater = { requestId: id('waterHeater'), vendorId: vendor };
  await context.db.insert(messages).values([
    {
      ...sinkLeak,
      ...fromVendor,
      content: 'Hi Morgan, I can come by this afternoon to look at the leak. Is the unit occupied?',
      createdAt: minutesAgo(100),
      readAt: minutesAgo(95),
    },
    {
      ...sinkLeak,
      ...fromManager,
      content: 'Yes, the tenant works from home. Any time after 1 pm works for them.',
      createdAt: minutesAgo(90),
      readAt: minutesAgo(85),
    },
    {
      ...sinkLeak,
      ...fromVendor,
      content: "Great. I'll bring a replacement P-trap and supply lines in case they're corroded.",
      createdAt: minutesAgo(80),
      readAt: minutesAgo(40),
    },
    {
      ...sinkLeak,
      ...fromManager,
      content: 'Perfect. Our building engineer, Sam, will meet you in the lobby with the key.',
      createdAt: minutesAgo(35),
    },
    {
      ...sinkLeak,
      ...fromManager,
      content: "Also, could you check the dishwasher drain connection while you're under the sink?",
      createdAt: minutesAgo(30),
    },
    {
      ...waterHeater,
      ...fromManager,
      content: 'The tenant in 107 asked whether the hot water will be off overnight.',
      createdAt: minutesAgo(5 * 24 * 60),
      readAt: minutesAgo(5 * 24 * 60 - 30),
    },
    {
      ...waterHeater,
      ...fromVendor,
      content: "No, we'll have the new heater running by 5 pm the same day.",
      createdAt: minutesAgo(5 * 24 * 60 - 45),
      readAt: minutesAgo(5 * 24 * 60 - 120),
    },
    {
      ...waterHeater,
      ...fromVendor,
      content: "The permit is approved; we're scheduled for tomorrow at 8 am.",
      createdAt: minutesAgo(20 * 60),
      readAt: minutesAgo(18 * 60),
    },
    {
      requestId: id('heatPump'),
      vendorId: people.vendors.rockyMountain,
      senderId: people.vendors.rockyMountain,
      senderRole: 'vendor',
      content: 'We can be on site within two hours if you approve today.',
      createdAt: minutesAgo(3 * 60),
    },
  ]);
}

async function seedNotifications(context: SeedContext, people: DemoPeople, id: (ref: string) => number) {
  const vendor = people.vendors.peak;
  const manager = people.managerId;
  const read = (hours: number) => ({
    isRead: true,
    readAt: hoursAgo(context, hours),
    createdAt: hoursAgo(context, hours + 1),
  });
  const unread = (hours: number) => ({ isRead: false, createdAt: hoursAgo(context, hours) });
  await context.db.insert(notifications).values([
    {
      userId: vendor,
      kind: 'new_message',
      title: 'New message from Morgan Reyes',
      message: "Also, could you check the dishwasher drain connection while you're under the sink?",
      relatedRequestId: id('sinkLeak'),
      relatedVendorId: vendor,
      ...unread(0.5),
    },
    {
      userId: vendor,
      kind: 'new_job',
      title: 'New HVAC job',
      message: 'Heat pump is not heating at Cherry Creek Lofts, unit 104. Urgent.',
      relatedRequestId: id('heatPump'),
      ...unread(5),
    },
    {
      userId: vendor,
      kind: 'invited',
      title: "You're invited to bid",
      message: 'Summit Property Group invited you to bid on a Drywall request at Aspen Ridge Apartments.',
      relatedRequestId: id('drywallPatch'),
      ...unread(47),
    },
    {
      userId: vendor,
      kind: 'new_job',
      title: 'New Plumbing job',
      message: 'No hot water at Cherry Creek Lofts, unit 101. Urgent.',
      relatedRequestId: id('noHotWater'),
      ...read(3),
    },
    {
      userId: vendor,
      kind: 'bid_accepted',
      title: 'Bid accepted',
      message: `Your ${formatUsd(1850)} bid for request ${requestNumber(id('waterHeater'))} was accepted. The job is now in progress.`,
      relatedRequestId: id('waterHeater'),
      ...read(6 * 24 - 2),
    },
    {
      userId: vendor,
      kind: 'bid_rejected',
      title: 'Bid not selected',
      message: `Another vendor was selected for request ${requestNumber(id('laundryLighting'))}.`,
      relatedRequestId: id('laundryLighting'),
      ...read(8 * 24 - 2),
    },
    {
      userId: vendor,
      kind: 'job_confirmed',
      title: 'Job confirmed complete',
      message: `Morgan Reyes confirmed request ${requestNumber(id('acService'))} as complete.`,
      relatedRequestId: id('acService'),
      ...read(2 * 24 - 2),
    },
    {
      userId: vendor,
      kind: 'request_cancelled',
      title: 'Request cancelled',
      message: `Request ${requestNumber(id('tenantFixedToilet'))} was cancelled: the tenant replaced the flapper.`,
      relatedRequestId: id('tenantFixedToilet'),
      ...read(12 * 24 - 2),
    },
    {
      userId: manager,
      kind: 'bid_received',
      title: 'New bid received',
      message: `${people.vendorNames.peak} bid ${formatUsd(450)} on request ${requestNumber(id('sinkLeak'))} (Plumbing).`,
      relatedRequestId: id('sinkLeak'),
      ...unread(1.5),
    },
    {
      userId: manager,
      kind: 'bid_received',
      title: 'New bid received',
      message: `${people.vendorNames.rockyMountain} bid ${formatUsd(720)} on request ${requestNumber(id('heatPump'))} (HVAC).`,
      relatedRequestId: id('heatPump'),
      ...unread(4),
    },
    {
      userId: manager,
      kind: 'new_message',
      title: `New message from ${people.vendorNames.rockyMountain}`,
      message: 'We can be on site within two hours if you approve today.',
      relatedRequestId: id('heatPump'),
      relatedVendorId: people.vendors.rockyMountain,
      ...unread(3),
    },
    {
      userId: manager,
      kind: 'job_completed',
      title: 'Job marked complete',
      message: `${people.vendorNames.mileHigh} marked request ${requestNumber(id('stairwellPaint'))} complete. Please review and confirm.`,
      relatedRequestId: id('stairwellPaint'),
      ...unread(20),
    },
    {
      userId: manager,
      kind: 'new_message',
      title: 'New message from Jordan Lee',
      message: "Great. I'll bring a replacement P-trap and supply lines in case they're corroded.",
      relatedRequestId: id('sinkLeak'),
      relatedVendorId: vendor,
      ...read(0.6),
    },
    {
      userId: manager,
      kind: 'bid_received',
      title: 'New bid received',
      message: `${people.vendorNames.peak} bid ${formatUsd(300)} on request ${requestNumber(id('drywallPatch'))} (Drywall).`,
      relatedRequestId: id('drywallPatch'),
      ...read(40),
    },
  ]);
}

const priced = (lines: BidSeed['lineItems'] = []) =>
  lines.map((line) => ({ ...line, total: lineItemTotal(line.quantity, line.unit_price) }));

/** A seeded bid's line items and options as the bid API stores them (with their totals). */
function pricedSeed(bid: BidSeed) {
  const options = (bid.options ?? []).map((option) => ({
    label: option.label,
    amount: option.amount,
    estimated_time: option.estimatedTime,
    estimated_time_unit: option.unit,
    notes: option.notes,
    line_items: priced(option.lineItems),
  }));
  return { lineItems: options[0]?.line_items ?? priced(bid.lineItems), options };
}
