import type { LineItem } from '#shared/bid-line-items.ts';
import type { ServiceCategory } from '#shared/categories.ts';
import type { BidStatus, Priority, Timeframe, TimeUnit } from '#shared/statuses.ts';
import type { VendorKey } from './demo-people.ts';
import type { ProjectKey, UnitNumber } from './demo-properties.ts';

/*
 * The demo's maintenance requests, bids and lifecycle steps, as plain data. Times are hours
 * before the moment of seeding (deadlines: days after it).
 */

export interface JobSeed {
  ref: string;
  type: ServiceCategory;
  description: string;
  areas: string[];
  priority: Priority;
  timeframe: Timeframe | null;
  project: ProjectKey;
  unit: UnitNumber | null;
  ageHours: number;
  deadlineDays: number | null;
  invite?: VendorKey[];
  inviteAll?: boolean;
  /** Raised by the second manager instead of manager@demo.local. */
  byTeamMember?: boolean;
}

const job = (
  ref: string,
  type: ServiceCategory,
  description: string,
  areas: string[],
  priority: Priority,
  timeframe: Timeframe | null,
  project: ProjectKey,
  unit: UnitNumber | null,
  ageHours: number,
  deadlineDays: number | null,
  extra: Pick<JobSeed, 'invite' | 'inviteAll' | 'byTeamMember'> = {},
): JobSeed => ({
  ref,
  type,
  description,
  areas,
  priority,
  timeframe,
  project,
  unit,
  ageHours,
  deadlineDays,
  ...extra,
});

/** Open jobs vendor@demo.local sees: its trades (Plumbing, Electrical, HVAC), invitations, open to all. */
// biome-ignore format: one row a line reads as a table
const OPEN_FOR_DEMO_VENDOR: JobSeed[] = [
  job('sinkLeak', 'Plumbing', 'Kitchen sink is leaking under the cabinet. The base panel is swollen and the tenant has a bucket under the trap.', ['Kitchen'], 'high', 'Urgent', 'aspen', '104', 2, 3),
  job('slowTub', 'Plumbing', 'Bathtub in the hall bath drains slowly; the tenant reports standing water after every shower.', ['Bathroom'], 'medium', '2 Weeks', 'aspen', '102', 9, 7),
  job('runningToilet', 'Plumbing', 'Toilet in the primary bathroom runs constantly. Flapper is likely worn; please check the fill valve too.', ['Bathroom'], 'low', '2 Weeks', 'cherryCreek', '105', 20, 10),
  job('noHotWater', 'Plumbing', 'No hot water since this morning. The water heater pilot light will not stay lit.', ['Utility closet'], 'urgent', 'Urgent', 'cherryCreek', '101', 4, 1),
  job('lowPressure', 'Plumbing', 'Low water pressure at the kitchen faucet only. Aerator was already cleaned by maintenance.', ['Kitchen'], 'low', 'Over 2 Weeks', 'aspen', '109', 70, 14),
  job('ceilingStain', 'Plumbing', 'Water stain spreading on the ceiling below the unit 203 bathroom; we suspect a failed wax ring upstairs.', ['Bathroom', 'Ceiling'], 'high', 'Urgent', 'aspen', '103', 6, 2),
  job('hoseBib', 'Plumbing', 'Outdoor hose bib on the north side drips constantly and the vacuum breaker is cracked.', ['Exterior'], 'low', 'Over 2 Weeks', 'cherryCreek', null, 120, 21),
  job('disposal', 'Plumbing', 'Garbage disposal hums but does not turn. The reset button has been tried twice.', ['Kitchen'], 'medium', '2 Weeks', 'cherryCreek', '108', 30, 7),
  job('showerValve', 'Plumbing', 'Shower handle is stiff and the temperature swings between hot and cold; cartridge likely needs replacing.', ['Bathroom'], 'medium', '2 Weeks', 'aspen', '107', 50, 9, { byTeamMember: true }),
  job('cleanout', 'Plumbing', "Main cleanout in the parking garage backed up after last night's storm; sewer smell in stairwell A.", ['Garage', 'Stairwell'], 'urgent', 'Urgent', 'cherryCreek', null, 3, 1),
  job('deadOutlets', 'Electrical', 'Half of the outlets in the living room stopped working. The breaker has not tripped.', ['Living room'], 'high', 'Urgent', 'aspen', '105', 8, 2),
  job('gfciTrips', 'Electrical', 'Kitchen GFCI outlet trips whenever the microwave and toaster run together.', ['Kitchen'], 'medium', '2 Weeks', 'cherryCreek', '103', 26, 8),
  job('hallFixture', 'Electrical', 'Entry hallway light fixture flickers; new bulbs did not help. Please replace the fixture.', ['Hallway'], 'low', 'Over 2 Weeks', 'aspen', '110', 96, 20),
  job('wallPacks', 'Electrical', 'Exterior wall packs on the east parking lot are out and the lot is dark after 7 pm.', ['Parking lot'], 'high', 'Urgent', 'aspen', null, 12, 3),
  job('exhaustFan', 'Electrical', 'Bathroom exhaust fan is loud and barely pulls air. Replace the fan and check the duct connection.', ['Bathroom'], 'medium', '2 Weeks', 'cherryCreek', '106', 44, 10),
  job('washerCircuit', 'Electrical', 'Install a dedicated 20 A circuit for the new in-unit washer.', ['Laundry'], 'medium', 'Over 2 Weeks', 'cherryCreek', '110', 140, 18, { byTeamMember: true }),
  job('smokeDetector', 'Electrical', 'Hardwired smoke detector in bedroom 2 chirps even with a fresh battery; unit may need replacing.', ['Bedroom'], 'high', 'Urgent', 'aspen', '106', 5, 2),
  job('emergencyLights', 'Electrical', 'Corridor emergency lights on level 1 failed the monthly test.', ['Corridor'], 'high', '2 Weeks', 'cherryCreek', null, 60, 5),
  job('heatPump', 'HVAC', 'Heat pump is not heating. Thermostat shows error E4 and the outdoor unit is iced over.', ['Living room', 'Exterior'], 'urgent', 'Urgent', 'cherryCreek', '104', 5, 2),
  job('warmAir', 'HVAC', 'Air conditioner runs but blows warm air; the condensate line may be clogged.', ['Living room'], 'high', 'Urgent', 'aspen', '108', 14, 3),
  job('shortCycle', 'HVAC', 'Furnace short-cycles every few minutes. Filter was replaced last month.', ['Utility closet'], 'medium', '2 Weeks', 'cherryCreek', '107', 38, 8),
  job('rooftopService', 'HVAC', 'Annual rooftop unit service before cooling season: filters, belts and coil cleaning on all four units.', ['Roof'], 'low', 'Over 2 Weeks', 'aspen', null, 200, 25),
  job('weakVent', 'HVAC', 'Bedroom vent has almost no airflow compared with the rest of the unit.', ['Bedroom'], 'medium', '2 Weeks', 'aspen', '101', 75, 12),
  job('blankThermostat', 'HVAC', 'Thermostat display is blank. Please replace it with a programmable model.', ['Hallway'], 'low', '2 Weeks', 'cherryCreek', '109', 100, null),
  job('fanCoilNoise', 'HVAC', 'Grinding noise from the fan coil unit above the kitchen ceiling, worst at night.', ['Kitchen', 'Ceiling'], 'medium', '2 Weeks', 'cherryCreek', '102', 55, 9),
  job('drywallPatch', 'Drywall', 'Patch and texture two holes in the hallway drywall left after the recent plumbing repair.', ['Hallway'], 'low', '2 Weeks', 'aspen', '107', 48, 10, { invite: ['peak', 'mileHigh'] }),
  job('dishwasher', 'Appliances', 'Dishwasher does not drain and shows error code E24.', ['Kitchen'], 'medium', '2 Weeks', 'cherryCreek', '106', 28, 6, { invite: ['peak', 'foothills'] }),
  job('stickingDoor', 'Doors', 'Entry door sticks at the top corner and the weatherstrip is torn.', ['Entry'], 'low', 'Over 2 Weeks', 'aspen', '103', 80, 14, { inviteAll: true }),
];

/** Open jobs in trades vendor@demo.local does not work in, not invited: it must not see these. */
// biome-ignore format: one row a line reads as a table
const OPEN_FOR_OTHERS: JobSeed[] = [
  job('springCleanup', 'Landscaping', 'Spring cleanup of the courtyard beds and sprinkler start-up with a leak check.', ['Courtyard'], 'low', 'Over 2 Weeks', 'aspen', null, 30, 21),
  job('repaint', 'Painting', 'Repaint after move-out: walls in eggshell, trim in semi-gloss, two bedrooms and the living room.', ['Bedroom', 'Living room'], 'medium', '2 Weeks', 'cherryCreek', '104', 22, 7, { invite: ['mileHigh'] }),
  job('moveOutClean', 'Cleaning', 'Move-out deep clean including oven, refrigerator, blinds and windows.', ['Whole unit'], 'medium', '2 Weeks', 'aspen', '109', 16, 5),
  job('carpetRipple', 'Carpeting', 'Stretch and re-seam the carpet in bedroom 1; there is a ripple near the closet.', ['Bedroom'], 'low', 'Over 2 Weeks', 'cherryCreek', '101', 90, 15),
  job('foggedWindow', 'Windows', 'Living room double-pane window is cracked and fogging between the panes.', ['Living room'], 'medium', '2 Weeks', 'aspen', '102', 64, 12),
  job('fobReader', 'Security', 'Lobby access reader intermittently rejects valid fobs in the morning.', ['Lobby'], 'high', 'Urgent', 'cherryCreek', null, 10, 2),
];

/** Jobs that moved on: awarded, finished, confirmed or cancelled (see LIFECYCLES). */
// biome-ignore format: one row a line reads as a table
const PAST_OPEN: JobSeed[] = [
  job('waterHeater', 'Plumbing', 'Replace the 50-gallon water heater; the tank is leaking at the base.', ['Utility closet'], 'high', 'Urgent', 'cherryCreek', '107', 9 * 24, null),
  job('laundryLighting', 'Electrical', 'Rewire the laundry room lighting circuit per the inspection findings.', ['Laundry room'], 'medium', '2 Weeks', 'aspen', null, 12 * 24, null),
  job('stairwellPaint', 'Painting', 'Repaint stairwell B after the water damage repair.', ['Stairwell'], 'low', 'Over 2 Weeks', 'aspen', null, 16 * 24, null),
  job('acService', 'HVAC', 'Service the air conditioner and replace the furnace filter before summer.', ['Utility closet'], 'medium', '2 Weeks', 'aspen', '105', 20 * 24, null),
  job('iceMaker', 'Plumbing', 'Refrigerator ice maker supply line is leaking behind the fridge.', ['Kitchen'], 'high', 'Urgent', 'oldTown', '104', 60 * 24, null),
  job('turnoverClean', 'Cleaning', 'Turnover clean of the vacant unit before the new lease starts.', ['Whole unit'], 'medium', '2 Weeks', 'oldTown', '108', 75 * 24, null),
  job('tenantFixedToilet', 'Plumbing', 'Running toilet in the guest bathroom.', ['Bathroom'], 'low', '2 Weeks', 'aspen', '103', 14 * 24, null),
  job('doorbell', 'Electrical', 'Replace the broken doorbell at the main entrance.', ['Entry'], 'low', 'Over 2 Weeks', 'cherryCreek', null, 18 * 24, null),
];

export const JOBS: JobSeed[] = [...OPEN_FOR_DEMO_VENDOR, ...OPEN_FOR_OTHERS, ...PAST_OPEN];

export interface LifecycleSeed {
  job: string;
  /** Awarded to this vendor's bid (accepted; the others rejected). */
  awardedTo?: VendorKey;
  awardedHoursAgo?: number;
  vendorCompletedHoursAgo?: number;
  completionNote?: string;
  confirmedHoursAgo?: number;
  cancelledHoursAgo?: number;
  note?: string;
}

/** How the vendor gets into the job in progress for vendor@demo.local (its Entry and access card). */
export const DEMO_ACCESS = {
  job: 'waterHeater',
  accessInstructions: 'Lockbox on the back door, code 4821. Dog in the yard.',
  occupantName: 'Dana Reyes',
  occupantPhone: '+1 720 555 0142',
  permissionToEnter: true,
} as const;

export const LIFECYCLES: LifecycleSeed[] = [
  { job: 'waterHeater', awardedTo: 'peak', awardedHoursAgo: 6 * 24 },
  { job: 'laundryLighting', awardedTo: 'alpine', awardedHoursAgo: 8 * 24 },
  {
    job: 'stairwellPaint',
    awardedTo: 'mileHigh',
    awardedHoursAgo: 12 * 24,
    vendorCompletedHoursAgo: 20,
    completionNote: 'Two coats on walls and handrails; touch-ups done after the inspection walk.',
  },
  {
    job: 'acService',
    awardedTo: 'peak',
    awardedHoursAgo: 17 * 24,
    vendorCompletedHoursAgo: 3 * 24,
    completionNote: 'Coils cleaned, refrigerant checked, new MERV 11 filter installed.',
    confirmedHoursAgo: 2 * 24,
  },
  {
    job: 'iceMaker',
    awardedTo: 'peak',
    awardedHoursAgo: 58 * 24,
    vendorCompletedHoursAgo: 56 * 24,
    completionNote: 'Replaced the supply line with braided stainless and a new shut-off valve.',
    confirmedHoursAgo: 55 * 24,
  },
  {
    job: 'turnoverClean',
    awardedTo: 'clearwater',
    awardedHoursAgo: 73 * 24,
    vendorCompletedHoursAgo: 71 * 24,
    completionNote: 'Unit cleaned top to bottom, carpets steamed.',
    confirmedHoursAgo: 70 * 24,
  },
  {
    job: 'tenantFixedToilet',
    cancelledHoursAgo: 12 * 24,
    note: 'The tenant replaced the flapper; no visit needed.',
  },
  { job: 'doorbell', cancelledHoursAgo: 15 * 24, note: 'The owner decided to install an intercom instead.' },
];

export interface BidSeed {
  job: string;
  vendor: VendorKey;
  amount: number;
  estimatedTime: number;
  unit: TimeUnit;
  /** Days after the bid was placed. */
  startAfterDays: number;
  notes: string;
  /** Hours after the request was raised. */
  placedAfterHours: number;
  /** pending unless the lifecycle decides it (accepted/rejected) or it says withdrawn. */
  status?: Extract<BidStatus, 'withdrawn'>;
  /** Priced from measurements: the amount above must be their sum. */
  lineItems?: SeedLine[];
  /** Options: the first one's amount, time and unit are the bid's own above. */
  options?: {
    label: string;
    amount: number;
    estimatedTime: number;
    unit: TimeUnit;
    notes: string;
    lineItems: SeedLine[];
  }[];
}

type SeedLine = Omit<LineItem, 'total'>;

/*
 * Two priced bids on the drywall patch, so the manager's side-by-side comparison has something to
 * compare in the demo: the two vendors measured the patch differently (24 and 28 sq ft).
 */
const PEAK_DRYWALL: SeedLine[] = [
  { description: 'Patch and texture drywall', quantity: 24, unit: 'sq_ft', unit_price: 10 },
  { description: 'Prime', quantity: 2, unit: 'hours', unit_price: 30 },
];
const MILE_HIGH_DRYWALL: BidSeed['options'] = [
  {
    label: 'Patch and paint',
    amount: 340,
    estimatedTime: 1,
    unit: 'days',
    notes: '',
    lineItems: [
      { description: 'Patch and texture drywall', quantity: 28, unit: 'sq_ft', unit_price: 9 },
      { description: 'Paint to match', quantity: 2, unit: 'hours', unit_price: 44 },
    ],
  },
  {
    label: 'Replace the damaged panel',
    amount: 612,
    estimatedTime: 2,
    unit: 'days',
    notes: 'A new 4 x 8 sheet instead of a patch: no seam shows through the paint.',
    lineItems: [
      { description: 'Replace drywall', quantity: 32, unit: 'sq_ft', unit_price: 15 },
      { description: 'Paint to match', quantity: 3, unit: 'hours', unit_price: 44 },
    ],
  },
];

// biome-ignore format: one row a line reads as a table
export const BIDS: BidSeed[] = [
  // vendor@demo.local (Peak Mechanical Services)
  { job: 'sinkLeak', vendor: 'peak', amount: 450, estimatedTime: 4, unit: 'hours', startAfterDays: 1, notes: 'Includes a new P-trap and supply lines if corroded.', placedAfterHours: 0.5 },
  { job: 'noHotWater', vendor: 'peak', amount: 380, estimatedTime: 3, unit: 'hours', startAfterDays: 0, notes: 'Thermocouple and pilot assembly; tank replacement quoted separately if needed.', placedAfterHours: 1 },
  { job: 'deadOutlets', vendor: 'peak', amount: 290, estimatedTime: 2.5, unit: 'hours', startAfterDays: 1, notes: '', placedAfterHours: 2 },
  { job: 'heatPump', vendor: 'peak', amount: 640, estimatedTime: 1, unit: 'days', startAfterDays: 1, notes: 'Defrost board and sensor diagnosis; parts stocked on the truck.', placedAfterHours: 2 },
  { job: 'drywallPatch', vendor: 'peak', amount: 300, estimatedTime: 1.5, unit: 'days', startAfterDays: 3, notes: 'Patch, texture to match and prime; paint by others.', placedAfterHours: 6, lineItems: PEAK_DRYWALL },
  { job: 'waterHeater', vendor: 'peak', amount: 1850, estimatedTime: 1.5, unit: 'days', startAfterDays: 2, notes: 'Includes permit, haul-away and a new expansion tank.', placedAfterHours: 5 },
  { job: 'laundryLighting', vendor: 'peak', amount: 980, estimatedTime: 2, unit: 'days', startAfterDays: 4, notes: '', placedAfterHours: 10 },
  { job: 'acService', vendor: 'peak', amount: 275, estimatedTime: 3, unit: 'hours', startAfterDays: 5, notes: 'Seasonal service rate.', placedAfterHours: 8 },
  { job: 'iceMaker', vendor: 'peak', amount: 390, estimatedTime: 2, unit: 'hours', startAfterDays: 1, notes: '', placedAfterHours: 3 },
  { job: 'tenantFixedToilet', vendor: 'peak', amount: 160, estimatedTime: 1, unit: 'hours', startAfterDays: 2, notes: '', placedAfterHours: 4, status: 'withdrawn' },
  // Other vendors
  { job: 'sinkLeak', vendor: 'frontRange', amount: 520, estimatedTime: 5, unit: 'hours', startAfterDays: 2, notes: 'Flat rate, parts included.', placedAfterHours: 1 },
  { job: 'slowTub', vendor: 'frontRange', amount: 210, estimatedTime: 2, unit: 'hours', startAfterDays: 3, notes: '', placedAfterHours: 4 },
  { job: 'waterHeater', vendor: 'frontRange', amount: 2100, estimatedTime: 2, unit: 'days', startAfterDays: 3, notes: '', placedAfterHours: 12 },
  { job: 'heatPump', vendor: 'rockyMountain', amount: 720, estimatedTime: 6, unit: 'hours', startAfterDays: 1, notes: 'Same-day diagnosis available.', placedAfterHours: 1 },
  { job: 'warmAir', vendor: 'rockyMountain', amount: 340, estimatedTime: 3, unit: 'hours', startAfterDays: 1, notes: '', placedAfterHours: 3 },
  { job: 'deadOutlets', vendor: 'alpine', amount: 260, estimatedTime: 3, unit: 'hours', startAfterDays: 2, notes: '', placedAfterHours: 4 },
  { job: 'wallPacks', vendor: 'alpine', amount: 1450, estimatedTime: 1, unit: 'days', startAfterDays: 3, notes: 'LED retrofit of all six fixtures.', placedAfterHours: 5 },
  { job: 'laundryLighting', vendor: 'alpine', amount: 860, estimatedTime: 1.5, unit: 'days', startAfterDays: 3, notes: '', placedAfterHours: 20 },
  { job: 'drywallPatch', vendor: 'mileHigh', amount: 340, estimatedTime: 1, unit: 'days', startAfterDays: 2, notes: 'Patch, texture and paint to match.', placedAfterHours: 10, options: MILE_HIGH_DRYWALL },
  { job: 'repaint', vendor: 'mileHigh', amount: 2400, estimatedTime: 4, unit: 'days', startAfterDays: 5, notes: '', placedAfterHours: 8 },
  { job: 'stairwellPaint', vendor: 'mileHigh', amount: 1650, estimatedTime: 3, unit: 'days', startAfterDays: 4, notes: '', placedAfterHours: 24 },
  { job: 'moveOutClean', vendor: 'clearwater', amount: 420, estimatedTime: 6, unit: 'hours', startAfterDays: 2, notes: '', placedAfterHours: 2 },
  { job: 'turnoverClean', vendor: 'clearwater', amount: 380, estimatedTime: 5, unit: 'hours', startAfterDays: 1, notes: '', placedAfterHours: 6 },
  { job: 'springCleanup', vendor: 'foothills', amount: 1100, estimatedTime: 2, unit: 'days', startAfterDays: 10, notes: 'Includes mulch and sprinkler head replacement.', placedAfterHours: 12 },
];
