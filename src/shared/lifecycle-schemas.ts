import { z } from 'zod';
import { MAX_BID_OPTIONS } from './bid-line-items.ts';
import { recommendationNoteField } from './owner-approval-schemas.ts';
import { MAX_REQUEST_PHOTO_BYTES, MAX_REQUEST_PHOTOS, REQUEST_PHOTO_MESSAGES } from './request-schemas.ts';
import { isoDateTimeField, multilineText } from './text-fields.ts';

const REQUIRED = 'This field is required.';
const MAX_NOTE = 5000;
const note = multilineText(MAX_NOTE, { error: REQUIRED });

/** POST /api/requests/{id}/award/ */
export const awardInputSchema = z.object({
  bid_id: z
    .number({ error: REQUIRED })
    .int('A valid bid id is required.')
    .positive('A valid bid id is required.')
    .max(2_147_483_647, 'A valid bid id is required.'),
  /** which of the bid's options (1 to 3) is awarded; required when the bid has options. */
  option: z
    .number({ error: "Choose one of the bid's options." })
    .int("Choose one of the bid's options.")
    .min(1, "Choose one of the bid's options.")
    .max(MAX_BID_OPTIONS, "Choose one of the bid's options.")
    .optional(),
  /**
   * The bid's version the manager saw (its `version`): the award is refused with 409 BID_CHANGED
   * and the bid as it is now when the vendor changed it since. Without it, only a bid never changed
   * since it was placed (version 1) is awarded, so a client that does not send it never pays terms
   * it did not see.
   */
  bid_version: z
    .number({ error: 'A valid bid version is required.' })
    .int('A valid bid version is required.')
    .positive('A valid bid version is required.')
    .max(2_147_483_647, 'A valid bid version is required.')
    .optional(),
  /** Shown to the owner when the award is above the limit (docs/decisions/owner-approval.md). */
  recommendation_note: recommendationNoteField,
});
export type AwardInput = z.infer<typeof awardInputSchema>;

/** POST /api/requests/{id}/bidding/: the spec's bidding_config; a deadline reopening bids must lie ahead. */
export const biddingInputSchema = z
  .object({
    is_open_for_bids: z.boolean({ error: REQUIRED }),
    bid_deadline: isoDateTimeField().nullable().optional(),
  })
  .superRefine((input, context) => {
    if (
      input.is_open_for_bids &&
      input.bid_deadline &&
      new Date(input.bid_deadline).getTime() <= Date.now()
    ) {
      context.addIssue({
        code: 'custom',
        path: ['bid_deadline'],
        message: 'The deadline must be in the future.',
      });
    }
  });
export type BiddingInput = z.infer<typeof biddingInputSchema>;

/** POST /api/requests/{id}/cancel/: the reason is optional and goes into the history and the notices. */
export const cancelInputSchema = z.object({ reason: note.optional().default('') });
export type CancelInput = z.infer<typeof cancelInputSchema>;

/** POST /api/requests/{id}/send-back/: the vendor must learn what is still wrong. */
export const sendBackInputSchema = z.object({
  note: note.min(1, 'Tell the vendor what still needs doing.'),
});
export type SendBackInput = z.infer<typeof sendBackInputSchema>;

/** POST /api/requests/{id}/confirm/ and /reopen/: an optional note kept in the history. */
export const lifecycleNoteSchema = z.object({ note: note.optional().default('') });
export type LifecycleNoteInput = z.infer<typeof lifecycleNoteSchema>;

/** POST /api/requests/{id}/complete/ (multipart): the note field; photos travel as files. */
export const completionInputSchema = z.object({
  note: note.min(1, 'Describe the work that was done.'),
});
export type CompletionInput = z.infer<typeof completionInputSchema>;

/** Completion photos follow the same rule as a request's photos: images only, checked by content. */
export const MAX_COMPLETION_PHOTOS = MAX_REQUEST_PHOTOS;
export const MAX_COMPLETION_PHOTO_BYTES = MAX_REQUEST_PHOTO_BYTES;
export const COMPLETION_PHOTO_MESSAGES = REQUEST_PHOTO_MESSAGES;
