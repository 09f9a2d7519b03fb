import { z } from 'zod';

/**
 * The local payment provider's card form (POST /checkout/{id}/pay, urlencoded; DESIGN.md, Runtime):
 * a server-rendered page, described here for the API document. The page answers its own errors.
 */
export const checkoutFormSchema = z.object({
  form_token: z.string().describe("The form's double-submit token (its cookie's value)"),
  card_name: z.string(),
  card_number: z.string().describe('The test card 4242 4242 4242 4242'),
  expiry: z.string().describe('MM/YY'),
  cvc: z.string(),
});

/** POST /stripe/webhook/: the event was applied (or, redelivered, already had been). */
export const stripeWebhookAnswerSchema = z.object({
  received: z.literal(true),
  duplicate: z.literal(true).optional(),
});
