import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { bidKeys } from '#app/bids/api.ts';
import type { BidTerms } from '#app/bids/bid-changes.ts';
import { isApiError } from '#app/lib/api-error.ts';
import { showToast } from '#app/ui/toast.ts';
import { type BidBody, bidChangedErrorSchema } from '#shared/bid-responses.ts';
import { requestKeys } from './api.ts';
import { useAwardBid } from './lifecycle-api.ts';
import { ownerApprovalKeys } from './owner-approval-api.ts';

/** The award the server refused because the bid changed: what the manager saw and what it is now. */
export interface ChangedBid {
  bidId: number;
  vendorName: string;
  /** The option the manager chose (its position), null for a plain bid. */
  option: number | null;
  seen: BidTerms;
  current: BidBody;
}

/** What the manager awards: a bid as the page showed it, and one of its options or none. */
interface AwardChoice {
  bidId: number;
  vendorName: string;
  option: number | null;
  version: number | undefined;
  seen: BidTerms;
  /** For the owner, when the amount is above the limit; empty for none. */
  note?: string;
}

/** The bid of a 409 BID_CHANGED, or null for any other failure. */
function changedBid(error: unknown): BidBody | null {
  if (!isApiError(error) || error.status !== 409 || error.code !== 'BID_CHANGED') return null;
  const parsed = bidChangedErrorSchema.safeParse(error.body);
  return parsed.success ? parsed.data.bid : null;
}

/**
 * The award with its price lock: it names the version of the bid the manager saw, and when the
 * vendor changed the bid meanwhile (409 BID_CHANGED) the request is read again and `changed` holds
 * both versions for the dialog that asks again; asked again, the award names the new version.
 * Any other refusal goes to `onError`.
 */
export function useAwardFlow(requestId: number, onError: (error: unknown) => void) {
  const award = useAwardBid(requestId);
  const queryClient = useQueryClient();
  const [changed, setChanged] = useState<ChangedBid | null>(null);

  const send = (choice: AwardChoice) =>
    award.mutate(
      {
        bid_id: choice.bidId,
        ...(choice.option === null ? {} : { option: choice.option }),
        ...(choice.version === undefined ? {} : { bid_version: choice.version }),
        ...(choice.note?.trim() ? { recommendation_note: choice.note.trim() } : {}),
      },
      {
        onSuccess: (answer) => {
          setChanged(null);
          // Above the limit the request stays open: the award waits for the owner's answer.
          if (answer.owner_approval?.status === 'waiting') {
            void queryClient.invalidateQueries({ queryKey: ownerApprovalKeys.request(requestId) });
            showToast({
              color: 'blue',
              title: 'Sent to the owner for approval',
              message: `${choice.vendorName} is awarded once the owner approves.`,
            });
            return;
          }
          showToast({ color: 'green', title: 'Bid awarded', message: `${choice.vendorName} has been told.` });
        },
        onError: (error) => {
          const current = changedBid(error);
          if (current === null) {
            setChanged(null);
            onError(error);
            return;
          }
          // The bid on the page is out of date too: its new terms and history are fetched again.
          void queryClient.invalidateQueries({ queryKey: requestKeys.detail(String(requestId)) });
          void queryClient.invalidateQueries({ queryKey: bidKeys.history(choice.bidId) });
          setChanged({ ...choice, current });
        },
      },
    );

  /** Awards the bid at the terms the changed dialog showed: its current version. */
  const awardAsChanged = () => {
    if (changed === null) return;
    const { current } = changed;
    send({ ...changed, version: current.version, seen: current });
  };

  return { send, changed, awardAsChanged, dismiss: () => setChanged(null), pending: award.isPending };
}
