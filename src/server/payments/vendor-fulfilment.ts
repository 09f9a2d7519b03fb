import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SERVICE_CATEGORIES, type ServiceCategory } from '#shared/categories.ts';
import type { VendorSuccessResponse } from '#shared/vendor-application.ts';
import { issuePasswordToken } from '../auth/password-tokens.ts';
import { hashToken, randomToken } from '../auth/tokens.ts';
import type { Db } from '../db/database.ts';
import { vendorApplications } from '../db/schema/applications.ts';
import {
  checkoutSessions,
  type PaymentProvider as ProviderName,
  subscriptions,
} from '../db/schema/billing.ts';
import { plans } from '../db/schema/plans.ts';
import { apiKeys, users } from '../db/schema/users.ts';
import { vendorProfiles } from '../db/schema/vendor-profiles.ts';
import { HttpError } from '../http/http-error.ts';

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
}

/** A reload of the success page: the confirmation number again, a fresh token while no password is set. */
async function answerAgain(db: Db, userId: number, confirmation: string): Promise<VendorSuccessResponse> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.passwordHash !== null) return { confirmation_number: confirmation };
  return {
    confirmation_number: confirmation,
    password_token: await issuePasswordToken(db, userId, 'set_password'),
  };
}

/**
 * Turns a paid vendor application into its account, exactly once: vendor user (no password, email
 * unconfirmed), vendor profile, subscription, API key and confirmation number, in one transaction.
 * The application row is locked, and the unique keys (users' email, the provider's subscription
 * id, the confirmation number) refuse a second account if two calls race anyway. The raw API key is
 * in the first answer only (only its hash is kept); later answers repeat the confirmation number.
 */
export async function fulfilVendorApplication(
  db: Db,
  applicationId: number,
  paid: PaidCheckout,
): Promise<VendorSuccessResponse> {
  return db.transaction(async (tx) => {
    const [application] = await tx
      .select()
      .from(vendorApplications)
      .where(eq(vendorApplications.id, applicationId))
      .for('update');
    if (!application) throw new HttpError(404, { error: 'Application not found.' });
    if (application.userId !== null && application.confirmationNumber) {
      return answerAgain(tx, application.userId, application.confirmationNumber);
    }
    const [checkout] = await tx
      .select({ planId: checkoutSessions.planId, frequency: plans.frequency })
      .from(checkoutSessions)
      .innerJoin(plans, eq(plans.id, checkoutSessions.planId))
      .where(eq(checkoutSessions.id, paid.checkoutId));
    if (!checkout) throw new HttpError(404, { error: 'Checkout not found.' });
    const now = new Date();

    const [user] = await tx
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
    await tx.insert(vendorProfiles).values({
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
    await tx.insert(subscriptions).values({
      userId,
      planId: checkout.planId,
      provider: paid.provider,
      providerSubscriptionId: paid.subscriptionId,
      providerCustomerId: paid.customerId,
      status: 'active',
      currentPeriodEnd: periodEnd(checkout.frequency, now),
    });
    const apiKey = `fb_${randomToken()}`;
    await tx.insert(apiKeys).values({
      userId,
      name: 'Vendor application',
      prefix: apiKey.slice(0, 11),
      keyHash: hashToken(apiKey),
    });
    const confirmation = confirmationNumber();
    await tx
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
    await tx
      .update(checkoutSessions)
      .set({
        status: 'paid',
        providerSubscriptionId: paid.subscriptionId,
        paidAt: sql`coalesce(${checkoutSessions.paidAt}, now())`,
      })
      .where(eq(checkoutSessions.id, paid.checkoutId));
    const passwordToken = await issuePasswordToken(tx, userId, 'set_password', now);
    return { confirmation_number: confirmation, password_token: passwordToken, api_key: apiKey };
  });
}
