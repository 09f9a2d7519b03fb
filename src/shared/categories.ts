/** Vendor trade categories and request types (both spec documents, section 3): a fixed list. */
export const SERVICE_CATEGORIES = [
  'Appliances',
  'Carpeting',
  'Cleaning',
  'Concrete',
  'Doors',
  'Drywall',
  'Electrical',
  'Fire Protection',
  'Flooring',
  'Garage Doors',
  'Garbage Removal',
  'General Contractor',
  'HVAC',
  'Landscaping',
  'Other',
  'Painting',
  'Plumbing',
  'Re-modeling',
  'Security',
  'Windows',
] as const;

export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

export function isServiceCategory(value: string): value is ServiceCategory {
  return (SERVICE_CATEGORIES as readonly string[]).includes(value);
}
