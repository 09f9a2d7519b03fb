CREATE TABLE "visit_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"company_name" text NOT NULL,
	"property_address" text NOT NULL,
	"number_of_units" integer NOT NULL,
	"preferred_date_1" date NOT NULL,
	"preferred_time_1" text NOT NULL,
	"preferred_date_2" date,
	"preferred_time_2" text,
	"notes" text DEFAULT '' NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_requests_units_check" CHECK ("visit_requests"."number_of_units" > 0),
	CONSTRAINT "visit_requests_time_1_check" CHECK ("visit_requests"."preferred_time_1" in ('morning', 'afternoon')),
	CONSTRAINT "visit_requests_second_choice_check" CHECK (("visit_requests"."preferred_date_2" is null) = ("visit_requests"."preferred_time_2" is null) and ("visit_requests"."preferred_time_2" is null or "visit_requests"."preferred_time_2" in ('morning', 'afternoon')))
);
--> statement-breakpoint
ALTER TABLE "visit_requests" ADD CONSTRAINT "visit_requests_handled_by_id_users_id_fk" FOREIGN KEY ("handled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_requests_created_idx" ON "visit_requests" USING btree ("created_at");