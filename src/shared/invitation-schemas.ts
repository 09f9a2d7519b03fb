import { z } from 'zod';

const MAX_INVITES = 100;

/** POST /api/requests/{id}/invitations/: vendor user ids to invite to an open request. */
export const invitationInputSchema = z.object({
  vendors: z
    .array(
      z
        .number({ error: 'Select valid vendors.' })
        .int('Select valid vendors.')
        .positive('Select valid vendors.')
        .max(2_147_483_647, 'Select valid vendors.'),
      { error: 'Select valid vendors.' },
    )
    .min(1, 'Select at least one vendor.')
    .max(MAX_INVITES, `Invite at most ${MAX_INVITES} vendors at once.`),
});
export type InvitationInput = z.infer<typeof invitationInputSchema>;

/**
 * POST /api/requests/{id}/open/: a manager opens a vendor's report (held for the managers) to
 * vendors: those of its trade, or every vendor with invite_all (the spec's 'Invite All Vendors').
 */
export const openToVendorsInputSchema = z.object({
  invite_all: z.boolean({ error: 'Send invite_all as true or false.' }).optional().default(false),
});
export type OpenToVendorsInput = z.infer<typeof openToVendorsInputSchema>;
