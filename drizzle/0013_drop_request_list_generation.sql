-- The jobs pages no longer read a generation row on every request: the same writes now notify the
-- cache channel (0014), which every process applies in memory. The row was a hot spot as well: each
-- write to the requests or their invitations held it until commit, one writer after another.
DROP TRIGGER IF EXISTS request_list_generation_requests ON maintenance_requests;
--> statement-breakpoint
DROP TRIGGER IF EXISTS request_list_generation_invitations ON request_invitations;
--> statement-breakpoint
DROP FUNCTION IF EXISTS request_list_generation_bump();
--> statement-breakpoint
DROP TABLE "request_list_generation" CASCADE;
