import { DEMO_EMAILS, DEMO_PASSWORD } from '#server/auth/demo-accounts.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { subscriptions } from '#server/db/schema/billing.ts';
import { clients } from '#server/db/schema/clients.ts';
import { users } from '#server/db/schema/users.ts';
import { vendorProfiles } from '#server/db/schema/vendor-profiles.ts';
import type { ServiceCategory } from '#shared/categories.ts';
import { type DemoCertificate, storeDemoCertificate } from './demo-certificate.ts';
import { daysAgo, type SeedContext } from './seed-context.ts';

/** Plans come from migration 0001: 1 is Monthly, 2 is Yearly. */
const MONTHLY_PLAN_ID = 1;
const YEARLY_PLAN_ID = 2;

export type VendorKey =
  | 'peak'
  | 'frontRange'
  | 'alpine'
  | 'rockyMountain'
  | 'mileHigh'
  | 'clearwater'
  | 'foothills';

interface VendorSeed {
  key: VendorKey;
  email: string;
  firstName: string;
  lastName: string;
  jobTitle: string;
  phone: string;
  companyName: string;
  ein: string;
  address: string;
  totalEmployees: number;
  categories: ServiceCategory[];
  yearly: boolean;
  /** Where the business is (Settings), which nearby jobs measure from without a shared position. */
  business?: { latitude: number; longitude: number };
}

const DEMO_VENDOR: VendorSeed = {
  key: 'peak',
  email: DEMO_EMAILS.vendor,
  firstName: 'Jordan',
  lastName: 'Lee',
  jobTitle: 'Owner',
  phone: '3035550142',
  companyName: 'Peak Mechanical Services',
  ein: '841234567',
  address: '4800 Race St, Denver, CO 80216',
  totalEmployees: 14,
  categories: ['Plumbing', 'Electrical', 'HVAC'],
  yearly: false,
  business: { latitude: 39.7818, longitude: -104.9609 },
};

/** Competitors, so requests have other bids and the vendor list has choices. */
const OTHER_VENDORS: VendorSeed[] = [
  {
    key: 'frontRange',
    email: 'dale@frontrangeplumbing.example',
    firstName: 'Dale',
    lastName: 'Whitaker',
    jobTitle: 'Service Manager',
    phone: '3035550177',
    companyName: 'Front Range Plumbing Co.',
    ein: '842345678',
    address: '1250 W Evans Ave, Denver, CO 80223',
    totalEmployees: 22,
    categories: ['Plumbing'],
    yearly: true,
  },
  {
    key: 'alpine',
    email: 'renee@alpineelectric.example',
    firstName: 'Renee',
    lastName: 'Alvarez',
    jobTitle: 'Master Electrician',
    phone: '7205550118',
    companyName: 'Alpine Electric Co.',
    ein: '843456789',
    address: '7600 E Arapahoe Rd, Centennial, CO 80112',
    totalEmployees: 9,
    categories: ['Electrical', 'Security'],
    yearly: false,
  },
  {
    key: 'rockyMountain',
    email: 'marcus@rmheatingair.example',
    firstName: 'Marcus',
    lastName: 'Bell',
    jobTitle: 'Operations Lead',
    phone: '7205550163',
    companyName: 'Rocky Mountain Heating & Air',
    ein: '844567890',
    address: '3900 Youngfield St, Wheat Ridge, CO 80033',
    totalEmployees: 31,
    categories: ['HVAC'],
    yearly: true,
  },
  {
    key: 'mileHigh',
    email: 'tessa@milehighdrywall.example',
    firstName: 'Tessa',
    lastName: 'Grant',
    jobTitle: 'Estimator',
    phone: '3035550109',
    companyName: 'Mile High Drywall & Paint',
    ein: '845678901',
    address: '610 Kalamath St, Denver, CO 80204',
    totalEmployees: 12,
    categories: ['Drywall', 'Painting', 'Doors'],
    yearly: false,
  },
  {
    key: 'clearwater',
    email: 'luis@clearwatercleaning.example',
    firstName: 'Luis',
    lastName: 'Ortega',
    jobTitle: 'Owner',
    phone: '7205550131',
    companyName: 'Clearwater Cleaning Services',
    ein: '846789012',
    address: '2201 S Broadway, Denver, CO 80210',
    totalEmployees: 18,
    categories: ['Cleaning', 'Carpeting', 'Garbage Removal', 'Windows'],
    yearly: false,
  },
  {
    key: 'foothills',
    email: 'hannah@foothillslandscape.example',
    firstName: 'Hannah',
    lastName: 'Price',
    jobTitle: 'Account Manager',
    phone: '3035550190',
    companyName: 'Foothills Landscaping',
    ein: '847890123',
    address: '14000 W 44th Ave, Golden, CO 80403',
    totalEmployees: 25,
    categories: ['Landscaping', 'Concrete', 'Appliances'],
    yearly: true,
  },
];

/** The seeded staff member without superuser rights (and without a password until one is set). */
const DEMO_STAFF_EMAIL = 'jamie.park@fieldbid.example';

export interface DemoPeople {
  clientId: number;
  adminId: number;
  managerId: number;
  /** The second property manager of the demo client (no password). */
  teamMemberId: number;
  /** Vendor user ids by key; `peak` is vendor@demo.local. */
  vendors: Record<VendorKey, number>;
  vendorNames: Record<VendorKey, string>;
  /** Each vendor's stored certificate; none without a file store (a date alone is no certificate). */
  certificates: Partial<Record<VendorKey, DemoCertificate>>;
}

export async function seedPeople(context: SeedContext): Promise<DemoPeople> {
  const { db } = context;
  const [adminHash, managerHash, vendorHash] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    hashPassword(DEMO_PASSWORD),
    hashPassword(DEMO_PASSWORD),
  ]);
  const confirmed = daysAgo(context, 120);

  const [client] = await db
    .insert(clients)
    .values({
      name: 'Summit Property Group',
      address: '1600 Wynkoop St, Suite 400, Denver, CO 80202',
      officePhone: '3035550100',
      ein: '841122334',
      totalEmployees: 38,
      createdAt: daysAgo(context, 120),
    })
    .returning({ id: clients.id });

  const [admin, manager, teamMember] = await db
    .insert(users)
    .values([
      {
        email: DEMO_EMAILS.admin,
        passwordHash: adminHash,
        firstName: 'Avery',
        lastName: 'Collins',
        jobTitle: 'Operations',
        isStaff: true,
        isSuperuser: true,
        emailConfirmedAt: confirmed,
        createdAt: confirmed,
      },
      {
        email: DEMO_EMAILS.manager,
        passwordHash: managerHash,
        firstName: 'Morgan',
        lastName: 'Reyes',
        jobTitle: 'Property Manager',
        phoneNumber: '3035550123',
        phoneVerifiedNumber: '3035550123',
        phoneVerifiedAt: confirmed,
        type: 'property_manager',
        clientId: client!.id,
        emailConfirmedAt: confirmed,
        createdAt: confirmed,
      },
      {
        email: 'priya.shah@summitpg.example',
        firstName: 'Priya',
        lastName: 'Shah',
        jobTitle: 'Maintenance Coordinator',
        phoneNumber: '3035550124',
        phoneVerifiedNumber: '3035550124',
        phoneVerifiedAt: daysAgo(context, 90),
        type: 'property_manager',
        clientId: client!.id,
        emailConfirmedAt: daysAgo(context, 90),
        createdAt: daysAgo(context, 90),
      },
    ])
    .returning({ id: users.id });

  // A staff member who is not a superuser (no password, like every seeded person but the demo
  // accounts): the users console shows a staff account only a superuser may act on.
  await db.insert(users).values({
    email: DEMO_STAFF_EMAIL,
    firstName: 'Jamie',
    lastName: 'Park',
    jobTitle: 'Customer Support',
    isStaff: true,
    emailConfirmedAt: daysAgo(context, 60),
    createdAt: daysAgo(context, 60),
  });

  const allVendors = [DEMO_VENDOR, ...OTHER_VENDORS];
  const vendorRows = await db
    .insert(users)
    .values(
      allVendors.map((vendor, index) => ({
        email: vendor.email,
        passwordHash: vendor === DEMO_VENDOR ? vendorHash : null,
        firstName: vendor.firstName,
        lastName: vendor.lastName,
        jobTitle: vendor.jobTitle,
        phoneNumber: vendor.phone,
        // The demo's numbers are fictional (555-01XX): seeded confirmed, so the demo texts (to the log).
        phoneVerifiedNumber: vendor.phone,
        phoneVerifiedAt: daysAgo(context, 100 - index),
        type: 'vendor' as const,
        emailConfirmedAt: daysAgo(context, 100 - index),
        createdAt: daysAgo(context, 100 - index),
      })),
    )
    .returning({ id: users.id });

  // Every demo vendor's certificate is a real PDF with the date it expires printed on it, as the
  // vendor wizard stores one: valid for about a year.
  const insuranceExpiresOn = new Date(context.now.getTime() + 365 * 24 * 3_600_000)
    .toISOString()
    .slice(0, 10);
  const certificates: Partial<Record<VendorKey, DemoCertificate>> = {};
  const { files } = context;
  if (files) {
    for (const vendor of allVendors) {
      certificates[vendor.key] = await storeDemoCertificate(
        files,
        vendor.key,
        vendor.companyName,
        insuranceExpiresOn,
      );
    }
  }
  await db.insert(vendorProfiles).values(
    allVendors.map((vendor, index) => ({
      userId: vendorRows[index]!.id,
      companyName: vendor.companyName,
      ein: vendor.ein,
      registeredState: 'CO',
      industry: vendor.categories[0]!,
      address: vendor.address,
      totalEmployees: vendor.totalEmployees,
      serviceCategories: vendor.categories,
      businessLatitude: vendor.business?.latitude ?? null,
      businessLongitude: vendor.business?.longitude ?? null,
      insuranceCertificateKey: certificates[vendor.key]?.key ?? null,
      insuranceExpiresOn: certificates[vendor.key]?.expiresOn ?? null,
      // Every demo vendor is live: staff approved it the day after it joined.
      approvedAt: daysAgo(context, 99 - index),
    })),
  );
  await db.insert(subscriptions).values(
    allVendors.map((vendor, index) => ({
      userId: vendorRows[index]!.id,
      planId: vendor.yearly ? YEARLY_PLAN_ID : MONTHLY_PLAN_ID,
      provider: 'local' as const,
      providerSubscriptionId: `sub_demo_${vendor.key}`,
      status: 'active' as const,
      currentPeriodEnd: daysAgo(context, vendor.yearly ? -300 : -20),
      createdAt: daysAgo(context, 100 - index),
    })),
  );

  const vendors = {} as Record<VendorKey, number>;
  const vendorNames = {} as Record<VendorKey, string>;
  allVendors.forEach((vendor, index) => {
    vendors[vendor.key] = vendorRows[index]!.id;
    vendorNames[vendor.key] = vendor.companyName;
  });
  return {
    clientId: client!.id,
    adminId: admin!.id,
    managerId: manager!.id,
    teamMemberId: teamMember!.id,
    vendors,
    vendorNames,
    certificates,
  };
}
