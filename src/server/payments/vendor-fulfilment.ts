import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { issuePasswordToken } from '#server/auth/password-tokens.ts';
import type { Db } from '#server/db/database.ts';
import { vendorApplications } from '#server/db/schema/applications.ts';
import {
  checkoutSessions,
  type PaymentProvider as ProviderName,
  type SubscriptionStatus,
  subscriptions,
} from '#server/db/schema/billing.ts';
import { plans } from '#server/db/schema/plans.ts';
import { users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import { isUniqueViolation } from '#server/db/unique-violation.ts';
import { HttpError } from '#server/http/http-error.ts';
import { SERVICE_CATEGORIES, type ServiceCategory } from '#shared/categories.ts';
import type { VendorSuccessResponse } from '#shared/vendor-application.ts';

const CONFIRMATION_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** FB- and 8 characters without look-alikes (0/O, 1/I): read out over the phone to support. */
function confirmationNumber(): string {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += CONFIRMATION_ALPHABET[randomInt(CONFIRMATION_ALPHABET.length)];
  return `FB-${code}`;
}

function periodEnd(frequency: string, from: Date): Date {
  const end = new Date(from);
  if (frequency === 'yearly') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

export interface PaidCheckout {
  checkoutId: string;
  provider: ProviderName;
  subscriptionId: string;
  customerId: string | null;
  /** The provider's current status of the subscription; active when it does not say. */
  subscriptionStatus?: SubscriptionStatus | undefined;
}

/**
 * Who asks: the buyer's browser (the success call) gets the password token; the provider's webhook
 * only needs the account to exist.
 */
export type FulfilmentCaller = 'browser' | 'webhook';

/**
 * The success page's answer: the confirmation number and a fresh set-password token while no
 * password is set. No API key is made here (the spec's `api_key` is optional): a vendor makes one
 * in Settings → API keys when its own software needs it, and staff have not approved it yet.
 */
async function answerBrowser(db: Db, userId: number, confirmation: string): Promise<VendorSuccessResponse> {
  const answer: VendorSuccessResponse = { confirmation_number: confirmation };
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (user && user.passwordHash === null) {
    answer.password_token = await issuePasswordToken(db, userId, 'set_password');
  }
  return answer;
}

type ApplicationRow = typeof vendorApplications.$inferSelect;

/** The account itself: vendor user (no password, email unconfirmed), profile, subscription, number. */
async function createVendorAccount(db: Db, application: ApplicationRow, paid: PaidCheckout) {
  const [checkout] = await db
    .select({ planId: checkoutSessions.planId, frequency: plans.frequency })
    .from(checkoutSessions)
    .innerJoin(plans, eq(plans.id, checkoutSessions.planId))
    .where(eq(checkoutSessions.id, paid.checkoutId));
  if (!checkout) throw new HttpError(404, { error: 'Checkout not found.' });
  const now = new Date();

  const [user] = await db
    .insert(users)
    .values({
      email: application.email,
      passwordHash: null,
      firstName: application.firstName,
      lastName: application.lastName,
      jobTitle: application.jobTitle,
      phoneNumber: application.phone,
      type: 'vendor',
    })
    .returning({ id: users.id });
  const userId = user!.id;
  // The industry picked in the wizard is the vendor's first trade when it names one.
  const trade = SERVICE_CATEGORIES.find((category: ServiceCategory) => category === application.industry);
  await db.insert(vendorProfiles).values({
    userId,
    companyName: application.vendorName,
    ein: application.ein,
    registeredState: application.registeredState,
    industry: application.industry,
    address: application.address,
    totalEmployees: application.totalEmployees,
    serviceCategories: trade ? [trade] : [],
    insuranceCertificateKey: application.insuranceCertificateKey,
    insuranceExpiresOn: application.insuranceExpiresOn,
  });
  const status = paid.subscriptionStatus ?? 'active';
  await db.insert(subscriptions).values({
    userId,
    planId: checkout.planId,
    provider: paid.provider,
    providerSubscriptionId: paid.subscriptionId,
    providerCustomerId: paid.customerId,
    status,
    currentPeriodEnd: periodEnd(checkout.frequency, now),
    canceledAt: status === 'canceled' ? now : null,
  });
  const confirmation = confirmationNumber();
  await db
    .update(vendorApplications)
    .set({
      status: 'paid',
      userId,
      planId: checkout.planId,
      confirmationNumber: confirmation,
      paidAt: now,
      updatedAt: sql`now()`,
    })
    .where(eq(vendorApplications.id, application.id));
  await db
    .update(checkoutSessions)
    .set({
      status: 'paid',
      providerSubscriptionId: paid.subscriptionId,
      paidAt: sql`coalesce(${checkoutSessions.paidAt}, now())`,
    })
    .where(eq(checkoutSessions.id, paid.checkoutId));
  return { userId, confirmation };
}

/**
 * Turns a paid vendor application into its account, exactly once, whichever of the success call
 * and the webhook comes first. The application row is locked for the transaction, and the unique
 * keys (users' email, the provider's subscription id, the confirmation number) refuse a second
 * account if two calls race anyway.
 */
export async function fulfilVendorApplication(
  db: Db,
  applicationId: number,
  paid: PaidCheckout,
  caller: FulfilmentCaller = 'browser',
): Promise<VendorSuccessResponse> {
  return db.transaction(async (tx) => {
    const [application] = await tx
      .select()
      .from(vendorApplications)
      .where(eq(vendorApplications.id, applicationId))
      .for('update');
    if (!application) throw new HttpError(404, { error: 'Application not found.' });
    const account =
      application.userId !== null && application.confirmationNumber
        ? { userId: application.userId, confirmation: application.confirmationNumber }
        : await createVendorAccount(tx, application, paid);
    if (caller === 'webhook') return { confirmation_number: account.confirmation };
    return answerBrowser(tx, account.userId, account.confirmation);
  });
}

/**
 * fulfilVendorApplication with the one retry a lost race needs: a concurrent call that won has made
 * the account, and the second attempt answers as a reload. Still refused means the email address
 * was taken by another account after the application was submitted (409).
 */
export async function fulfilPaidApplication(
  db: Db,
  applicationId: number,
  paid: PaidCheckout,
  caller: FulfilmentCaller,
): Promise<VendorSuccessResponse> {
  try {
    return await fulfilVendorApplication(db, applicationId, paid, caller);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  try {
    return await fulfilVendorApplication(db, applicationId, paid, caller);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new HttpError(409, {
      error: 'An account with this email address already exists. Please contact support about your payment.',
    });
  }
}
