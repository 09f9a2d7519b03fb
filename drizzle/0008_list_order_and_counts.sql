CREATE TABLE "request_counts_by_project" (
	"project_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"priority" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "request_counts_by_project_project_id_type_status_priority_pk" PRIMARY KEY("project_id","type","status","priority")
);
--> statement-breakpoint
CREATE TABLE "request_counts_by_type" (
	"type" text NOT NULL,
	"status" text NOT NULL,
	"invite_all" boolean NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "request_counts_by_type_type_status_invite_all_pk" PRIMARY KEY("type","status","invite_all")
);
--> statement-breakpoint
CREATE TABLE "request_list_generation" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "request_list_generation_single_row" CHECK ("request_list_generation"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD COLUMN "status_rank" smallint GENERATED ALWAYS AS (case status when 'open' then 0 when 'in_progress' then 1 when 'completed' then 2 else 3 end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "maintenance_requests_rank_order_idx" ON "maintenance_requests" USING btree ("status_rank","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "maintenance_requests_type_rank_order_idx" ON "maintenance_requests" USING btree ("type","status_rank","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "maintenance_requests_newest_idx" ON "maintenance_requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "maintenance_requests_project_newest_idx" ON "maintenance_requests" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- The counters follow every write to maintenance_requests, one statement at a time (a bulk insert
-- adds its rows grouped, not row by row). An update adds only its net change per key, so the many
-- updates that move no request between keys write nothing and writers do not queue on a counter row.
-- Rows that reach zero stay: they are few and reused.
CREATE FUNCTION request_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO request_counts_by_type AS c (type, status, invite_all, n)
    SELECT type, status, invite_all, sum(d) FROM (SELECT project_id, type, status, priority, invite_all, 1 AS d FROM new_rows) AS changes
    GROUP BY 1, 2, 3 HAVING sum(d) <> 0
    ON CONFLICT (type, status, invite_all) DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO request_counts_by_project AS c (project_id, type, status, priority, n)
    SELECT project_id, type, status, priority, sum(d) FROM (SELECT project_id, type, status, priority, invite_all, 1 AS d FROM new_rows) AS changes
    WHERE project_id IS NOT NULL GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0
    ON CONFLICT (project_id, type, status, priority) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION request_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO request_counts_by_type AS c (type, status, invite_all, n)
    SELECT type, status, invite_all, sum(d) FROM (SELECT project_id, type, status, priority, invite_all, -1 AS d FROM old_rows) AS changes
    GROUP BY 1, 2, 3 HAVING sum(d) <> 0
    ON CONFLICT (type, status, invite_all) DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO request_counts_by_project AS c (project_id, type, status, priority, n)
    SELECT project_id, type, status, priority, sum(d) FROM (SELECT project_id, type, status, priority, invite_all, -1 AS d FROM old_rows) AS changes
    WHERE project_id IS NOT NULL GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0
    ON CONFLICT (project_id, type, status, priority) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION request_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO request_counts_by_type AS c (type, status, invite_all, n)
    SELECT type, status, invite_all, sum(d) FROM (SELECT project_id, type, status, priority, invite_all, -1 AS d FROM old_rows UNION ALL SELECT project_id, type, status, priority, invite_all, 1 FROM new_rows) AS changes
    GROUP BY 1, 2, 3 HAVING sum(d) <> 0
    ON CONFLICT (type, status, invite_all) DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO request_counts_by_project AS c (project_id, type, status, priority, n)
    SELECT project_id, type, status, priority, sum(d) FROM (SELECT project_id, type, status, priority, invite_all, -1 AS d FROM old_rows UNION ALL SELECT project_id, type, status, priority, invite_all, 1 FROM new_rows) AS changes
    WHERE project_id IS NOT NULL GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0
    ON CONFLICT (project_id, type, status, priority) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER request_counts_insert AFTER INSERT ON maintenance_requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION request_counts_on_insert();
--> statement-breakpoint
CREATE TRIGGER request_counts_update AFTER UPDATE ON maintenance_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION request_counts_on_update();
--> statement-breakpoint
CREATE TRIGGER request_counts_delete AFTER DELETE ON maintenance_requests
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION request_counts_on_delete();
--> statement-breakpoint
INSERT INTO request_counts_by_type (type, status, invite_all, n)
  SELECT type, status, invite_all, count(*) FROM maintenance_requests GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO request_counts_by_project (project_id, type, status, priority, n)
  SELECT project_id, type, status, priority, count(*) FROM maintenance_requests WHERE project_id IS NOT NULL GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO request_list_generation (id, n) VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION request_list_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE request_list_generation SET n = n + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER request_list_generation_requests AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON maintenance_requests
  FOR EACH STATEMENT EXECUTE FUNCTION request_list_generation_bump();
--> statement-breakpoint
CREATE TRIGGER request_list_generation_invitations AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON request_invitations
  FOR EACH STATEMENT EXECUTE FUNCTION request_list_generation_bump();
