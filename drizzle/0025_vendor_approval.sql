-- A vendor is live (sees jobs, hears of new ones, bids, is offered to managers) only once staff have
-- approved it: `approved_at` is set when staff approve its application in the admin console, and
-- stays null from the payment that made the account until then. Updating it fires
-- vendor_profiles_changed_notify (0009, every column), which sends 'u:<user id>': every process
-- drops the vendor's cached sessions and what was derived from them (its visibility), so an approval
-- takes effect on the vendor's next call.
ALTER TABLE "vendor_profiles" ADD COLUMN "approved_at" timestamp with time zone;
--> statement-breakpoint
-- Every vendor that exists now was live under the rule before this one and may hold bids,
-- invitations and jobs: it stays live, approved when staff approved its application, else when its
-- profile was made (the demo and bench vendors). Staff hold one back by deactivating it, which
-- withdraws its pending bids.
UPDATE "vendor_profiles" AS vp SET "approved_at" = coalesce(
  (SELECT max(a.reviewed_at) FROM vendor_applications AS a WHERE a.user_id = vp.user_id AND a.status = 'approved'),
  vp.created_at
);
