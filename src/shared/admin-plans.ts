import { z } from 'zod';
import { lineText, multilineText } from './text-fields.ts';
import { planSchema } from './vendor-application.ts';

/** Vendor subscription plans as staff edit them in /admin/ (GET/POST/PUT /api/admin/plans/). */

export const PLAN_FREQUENCIES = ['monthly', 'yearly'] as const;
export type PlanFrequency = (typeof PLAN_FREQUENCIES)[number];

export const PLAN_MESSAGES = {
  name: 'Enter a plan name.',
  nameLength: 'Keep the name to 80 characters or fewer.',
  price: 'Enter a price in dollars, for example 49 or 49.99.',
  priceRange: 'Enter a price from 0 to 100,000 dollars.',
  priceCents: 'Use at most 2 decimal places.',
  frequency: 'Choose monthly or yearly.',
  description: 'Keep the description to 1,000 characters or fewer.',
  sortOrder: 'Enter a whole number from 0 to 10,000.',
  stripePriceId: 'A Stripe price id looks like price_1Abc...; leave it empty to send the price itself.',
  notFound: 'Plan not found.',
} as const;

/** An empty form field (NumberInput gives '') is a missing value, not zero. */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const planInputSchema = z.object({
  name: lineText(80, { error: PLAN_MESSAGES.name, tooLong: PLAN_MESSAGES.nameLength }).min(
    1,
    PLAN_MESSAGES.name,
  ),
  price: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: PLAN_MESSAGES.price })
      .min(0, PLAN_MESSAGES.priceRange)
      .max(100_000, PLAN_MESSAGES.priceRange)
      // Printed with 2 decimals and read back unchanged (a tolerance let 1e-9 in, stored as 0.00).
      .refine((price) => Number(price.toFixed(2)) === price, PLAN_MESSAGES.priceCents),
  ),
  frequency: z.enum(PLAN_FREQUENCIES, { error: PLAN_MESSAGES.frequency }),
  description: multilineText(1000, {
    error: PLAN_MESSAGES.description,
    tooLong: PLAN_MESSAGES.description,
  }).default(''),
  is_active: z.boolean({ error: 'Choose whether the plan is offered.' }).default(true),
  sort_order: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: PLAN_MESSAGES.sortOrder })
      .int(PLAN_MESSAGES.sortOrder)
      .min(0, PLAN_MESSAGES.sortOrder)
      .max(10_000, PLAN_MESSAGES.sortOrder)
      .default(0),
  ),
  stripe_price_id: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ error: PLAN_MESSAGES.stripePriceId })
      .trim()
      .max(255, PLAN_MESSAGES.stripePriceId)
      .regex(/^price_[A-Za-z0-9]+$/, PLAN_MESSAGES.stripePriceId)
      .nullable()
      .default(null),
  ),
});
export type PlanInput = z.input<typeof planInputSchema>;
export type PlanValues = z.output<typeof planInputSchema>;

export const adminPlanSchema = planSchema.extend({
  frequency: z.enum(PLAN_FREQUENCIES),
  is_active: z.boolean(),
  sort_order: z.number().int(),
  stripe_price_id: z.string().nullable(),
  /** Referenced by a subscription, a checkout or an application: deactivated, never deleted. */
  in_use: z.boolean(),
  /** Subscriptions on this plan that are not canceled. */
  subscriber_count: z.number().int(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;

export const adminPlanListSchema = z.object({
  results: z.array(adminPlanSchema),
  count: z.number().int(),
  total_pages: z.number().int(),
  current_page: z.number().int(),
});

/** DELETE answers 200 with this when the plan was in use and so only deactivated (204 when deleted). */
export const planDeactivatedSchema = z.object({ deactivated: z.literal(true), plan: adminPlanSchema });

/** A listed plan's editable values: what a PUT sends to change one of them. */
export function planValuesOf(plan: AdminPlan): PlanValues {
  return {
    name: plan.name,
    price: plan.price,
    frequency: plan.frequency,
    description: plan.description,
    is_active: plan.is_active,
    sort_order: plan.sort_order,
    stripe_price_id: plan.stripe_price_id,
  };
}
