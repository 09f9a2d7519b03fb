CREATE TABLE "job_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"number" integer NOT NULL,
	"purpose" text NOT NULL,
	"status" text NOT NULL,
	"proposed_by" text NOT NULL,
	"windows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"on_my_way_at" timestamp with time zone,
	"eta_minutes" integer,
	"arrived_at" timestamp with time zone,
	"arrival_distance_m" integer,
	"left_at" timestamp with time zone,
	"left_note" text DEFAULT '' NOT NULL,
	"another_visit_needed" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_visits_request_number_unique" UNIQUE("request_id","number"),
	CONSTRAINT "job_visits_purpose_check" CHECK ("job_visits"."purpose" in ('diagnose', 'repair', 'follow_up')),
	CONSTRAINT "job_visits_status_check" CHECK ("job_visits"."status" in ('proposed', 'confirmed', 'done', 'cancelled')),
	CONSTRAINT "job_visits_proposed_by_check" CHECK ("job_visits"."proposed_by" in ('vendor', 'manager'))
);
--> statement-breakpoint
CREATE TABLE "job_visit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_id" integer NOT NULL,
	"event" text NOT NULL,
	"actor_id" integer,
	"actor_role" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"windows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"happened_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_visit_events_event_check" CHECK ("job_visit_events"."event" in ('proposed', 'accepted', 'counter_proposed', 'rescheduled', 'cancelled', 'on_my_way', 'arrived', 'left')),
	CONSTRAINT "job_visit_events_actor_role_check" CHECK ("job_visit_events"."actor_role" in ('vendor', 'manager'))
);
--> statement-breakpoint
CREATE TABLE "job_visit_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_id" integer NOT NULL,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_visit_photos_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "job_visits" ADD CONSTRAINT "job_visits_request_id_maintenance_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."maintenance_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_visit_events" ADD CONSTRAINT "job_visit_events_visit_id_job_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."job_visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_visit_events" ADD CONSTRAINT "job_visit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_visit_photos" ADD CONSTRAINT "job_visit_photos_visit_id_job_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."job_visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_visits_request_idx" ON "job_visits" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "job_visits_status_starts_idx" ON "job_visits" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "job_visit_events_visit_idx" ON "job_visit_events" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "job_visit_photos_visit_idx" ON "job_visit_photos" USING btree ("visit_id");--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD COLUMN "access_instructions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD COLUMN "occupant_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD COLUMN "occupant_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD COLUMN "occupant_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD COLUMN "permission_to_enter" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD COLUMN "access_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "longitude" double precision;
