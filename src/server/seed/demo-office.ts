import { DEMO_EMAILS } from '#server/auth/demo-accounts.ts';
import { propertyManagerApplications, vendorApplications } from '#server/db/schema/applications.ts';
import { clients } from '#server/db/schema/clients.ts';
import { contactMessages, demoRequests } from '#server/db/schema/contact.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { users } from '#server/db/schema/users.ts';
import type { DemoCertificate } from './demo-certificate.ts';
import type { DemoPeople } from './demo-people.ts';
import { daysAgo, hoursAgo, type SeedContext } from './seed-context.ts';

/**
 * A vendor application's certificate columns: the same file and date as the vendor's profile, as
 * the account's fulfilment carries them over (vendor-fulfilment.ts).
 */
function applicationCertificate(certificate: DemoCertificate | undefined) {
  if (!certificate) return {};
  return {
    insuranceCertificateKey: certificate.key,
    insuranceCertificateContentType: 'application/pdf',
    insuranceCertificateSize: certificate.sizeBytes,
    insuranceExpiresOn: certificate.expiresOn,
  };
}

/** What staff review at /admin/: applications, demo requests, contact messages and sent mail. */
export async function seedOfficeRecords(context: SeedContext, people: DemoPeople): Promise<void> {
  const { db } = context;
  await db.insert(propertyManagerApplications).values({
    status: 'approved',
    buildingName: 'Aspen Ridge Apartments',
    buildingAddress: '2150 S Monaco Pkwy, Denver, CO 80222',
    officePhone: '3035550100',
    ein: '841122334',
    totalEmployees: 38,
    firstName: 'Morgan',
    lastName: 'Reyes',
    email: DEMO_EMAILS.manager,
    phone: '3035550123',
    jobTitle: 'Property Manager',
    companyName: 'Summit Property Group',
    companyAddress: '1600 Wynkoop St, Suite 400, Denver, CO 80202',
    userId: people.managerId,
    clientId: people.clientId,
    submittedAt: daysAgo(context, 121),
    reviewedAt: daysAgo(context, 120),
    reviewedById: people.adminId,
    createdAt: daysAgo(context, 121),
  });

  await seedSubmittedManagerApplication(context);

  await db.insert(vendorApplications).values([
    {
      status: 'approved',
      vendorName: 'Peak Mechanical Services',
      totalEmployees: 14,
      ein: '841234567',
      registeredState: 'CO',
      industry: 'Plumbing',
      address: '4800 Race St, Denver, CO 80216',
      firstName: 'Jordan',
      lastName: 'Lee',
      jobTitle: 'Owner',
      phone: '3035550142',
      email: DEMO_EMAILS.vendor,
      planId: 1,
      confirmationNumber: 'FB-DEMO-0001',
      userId: people.vendors.peak,
      ...applicationCertificate(people.certificates.peak),
      submittedAt: daysAgo(context, 101),
      paidAt: daysAgo(context, 101),
      reviewedAt: daysAgo(context, 100),
      reviewedById: people.adminId,
      createdAt: daysAgo(context, 101),
    },
    {
      // Paid and awaiting review, so Approve and Reject show on the demo data. Its account is the
      // Foothills vendor's, which staff approved before (a second application of a live vendor):
      // Approve keeps it live; Reject deactivates it and withdraws its pending bid.
      status: 'paid',
      vendorName: 'Foothills Landscaping',
      totalEmployees: 25,
      ein: '847890123',
      registeredState: 'CO',
      industry: 'Landscaping',
      address: '14000 W 44th Ave, Golden, CO 80403',
      firstName: 'Hannah',
      lastName: 'Price',
      jobTitle: 'Account Manager',
      phone: '3035550190',
      email: 'hannah@foothillslandscape.example',
      planId: 2,
      confirmationNumber: 'FB-DEMO-0007',
      userId: people.vendors.foothills,
      ...applicationCertificate(people.certificates.foothills),
      submittedAt: daysAgo(context, 2),
      paidAt: daysAgo(context, 2),
      createdAt: daysAgo(context, 2),
    },
    {
      // Submitted, checkout not yet paid: no account exists for it.
      status: 'payment_pending',
      vendorName: 'Summit Roofing & Gutters',
      totalEmployees: 7,
      ein: '848901234',
      registeredState: 'CO',
      industry: 'Other',
      address: '950 S Cherry St, Glendale, CO 80246',
      firstName: 'Nate',
      lastName: 'Fischer',
      jobTitle: 'Owner',
      phone: '7205550155',
      email: 'nate@summitroofing.example',
      planId: 2,
      submittedAt: hoursAgo(context, 26),
      createdAt: hoursAgo(context, 27),
    },
  ]);

  await db.insert(demoRequests).values([
    {
      email: 'facilities@larimerholdings.example',
      companyName: 'Larimer Holdings',
      createdAt: hoursAgo(context, 18),
    },
    {
      email: 'ops@boulderstudentliving.example',
      companyName: 'Boulder Student Living',
      status: 'approved',
      handledAt: daysAgo(context, 3),
      handledById: people.adminId,
      createdAt: daysAgo(context, 4),
    },
  ]);

  await db.insert(contactMessages).values([
    {
      name: 'Elena Park',
      email: 'elena.park@highlandsrealty.example',
      phone: '3035550188',
      message:
        'We manage 14 buildings in Highlands and LoHi. Does the in-wall documentation work for renovations in progress?',
      createdAt: hoursAgo(context, 7),
    },
    {
      name: 'Tom Becker',
      email: 'tom@beckerhvac.example',
      phone: '7205550102',
      message: 'Is there a discount on the yearly plan for vendors with more than one crew?',
      handledAt: daysAgo(context, 1),
      handledById: people.adminId,
      createdAt: daysAgo(context, 2),
    },
  ]);

  await db.insert(mailOutbox).values([
    {
      toAddress: DEMO_EMAILS.manager,
      subject: 'Welcome to FieldBid: set your password',
      textBody:
        'Your property manager application for Summit Property Group was received. Set your password to sign in.',
      template: 'set_password',
      status: 'sent',
      attempts: 1,
      transport: 'dev',
      createdAt: daysAgo(context, 121),
      sentAt: daysAgo(context, 121),
    },
    {
      toAddress: DEMO_EMAILS.vendor,
      subject: 'Confirm your email address',
      textBody: 'Thanks for joining FieldBid. Confirm your email address to start bidding on jobs.',
      template: 'confirm_email',
      status: 'sent',
      attempts: 1,
      transport: 'dev',
      createdAt: daysAgo(context, 101),
      sentAt: daysAgo(context, 101),
    },
  ]);
}

/**
 * A property manager application waiting for review: as the public form leaves it, the account and
 * its client exist from the submit (without a password until the applicant sets one).
 */
async function seedSubmittedManagerApplication(context: SeedContext): Promise<void> {
  const { db } = context;
  const submittedAt = hoursAgo(context, 30);
  const company = {
    name: 'Front Range Residential',
    address: '1450 Larimer St, Suite 200, Denver, CO 80202',
    officePhone: '3035550170',
    ein: '849012345',
    totalEmployees: 12,
  };
  const [client] = await db
    .insert(clients)
    .values({ ...company, createdAt: submittedAt })
    .returning({ id: clients.id });
  const applicant = { firstName: 'Dana', lastName: 'Whitfield', email: 'dana@frontrangeresidential.example' };
  const [user] = await db
    .insert(users)
    .values({
      ...applicant,
      jobTitle: 'Regional Manager',
      phoneNumber: '3035550171',
      type: 'property_manager',
      clientId: client!.id,
      createdAt: submittedAt,
    })
    .returning({ id: users.id });
  await db.insert(propertyManagerApplications).values({
    status: 'submitted',
    buildingName: 'Larimer Lofts',
    buildingAddress: '1801 Larimer St, Denver, CO 80202',
    officePhone: company.officePhone,
    ein: company.ein,
    totalEmployees: company.totalEmployees,
    ...applicant,
    phone: '3035550171',
    jobTitle: 'Regional Manager',
    companyName: company.name,
    companyAddress: company.address,
    userId: user!.id,
    clientId: client!.id,
    submittedAt,
    createdAt: submittedAt,
  });
}
