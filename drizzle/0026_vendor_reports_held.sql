-- A request a vendor raised (a report of work found on site) reaches the owning client's managers
-- first: it is held from the other vendors until a manager opens it (POST /api/requests/{id}/open/).
-- Null while held; every other request is open from its creation (the default), and so is every
-- request written before this migration (they were all visible to vendors already).
-- Its writes are updates of maintenance_requests, which already announce 'l' and 'r:<id>' (0014),
-- so every cached list, detail and thread access that depends on who may see the request is dropped.
ALTER TABLE "maintenance_requests" ADD COLUMN "opened_to_vendors_at" timestamp with time zone DEFAULT now();
--> statement-breakpoint
-- The jobs list's count (src/server/requests/request-counts.ts) takes the held requests of a
-- vendor's trades out of the counters' sum: a handful of rows, found here without a scan.
CREATE INDEX "maintenance_requests_held_idx" ON "maintenance_requests" USING btree ("type") WHERE "maintenance_requests"."opened_to_vendors_at" is null;
