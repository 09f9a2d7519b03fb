ALTER TABLE "clients" ADD COLUMN "default_nte_limit" integer;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "allow_override" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "hide_vendor_names" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "approval_expiry_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_approval_expiry_days_check" CHECK ("clients"."approval_expiry_days" between 1 and 30);--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "nte_limit" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "emergency_limit" integer;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD COLUMN "nte_limit" integer;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD COLUMN "is_emergency" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "project_owner_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"bid_id" integer NOT NULL,
	"option_position" integer,
	"amount" integer NOT NULL,
	"nte_limit" integer,
	"status" text NOT NULL,
	"recommendation_note" text DEFAULT '' NOT NULL,
	"document" jsonb NOT NULL,
	"document_hash" text NOT NULL,
	"bid_version" integer NOT NULL,
	"requested_by_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"manager_alerted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by_name" text DEFAULT '' NOT NULL,
	"decision_note" text DEFAULT '' NOT NULL,
	"signature_key" text,
	"decision_ip" text DEFAULT '' NOT NULL,
	"decision_user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_approvals_status_check" CHECK ("owner_approvals"."status" in ('waiting', 'approved', 'declined', 'expired', 'withdrawn', 'voided', 'overridden', 'emergency'))
);
--> statement-breakpoint
CREATE TABLE "owner_approval_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"approval_id" integer NOT NULL,
	"owner_contact_id" integer,
	"owner_name" text NOT NULL,
	"owner_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_approval_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "owner_approval_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"approval_id" integer NOT NULL,
	"event" text NOT NULL,
	"actor" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_approval_events_event_check" CHECK ("owner_approval_events"."event" in ('asked', 'link_sent', 'opened', 'question', 'approved', 'declined', 'reminded', 'manager_alerted', 'expired', 'withdrawn', 'voided', 'overridden', 'emergency_award', 'link_revoked'))
);
--> statement-breakpoint
ALTER TABLE "project_owner_contacts" ADD CONSTRAINT "project_owner_contacts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_approvals" ADD CONSTRAINT "owner_approvals_request_id_maintenance_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."maintenance_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_approvals" ADD CONSTRAINT "owner_approvals_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_approvals" ADD CONSTRAINT "owner_approvals_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_approval_links" ADD CONSTRAINT "owner_approval_links_approval_id_owner_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."owner_approvals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_approval_links" ADD CONSTRAINT "owner_approval_links_owner_contact_id_project_owner_contacts_id_fk" FOREIGN KEY ("owner_contact_id") REFERENCES "public"."project_owner_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_approval_events" ADD CONSTRAINT "owner_approval_events_approval_id_owner_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."owner_approvals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_owner_contacts_project_idx" ON "project_owner_contacts" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "owner_approvals_status_expires_idx" ON "owner_approvals" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "owner_approvals_request_idx" ON "owner_approvals" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "owner_approval_links_approval_idx" ON "owner_approval_links" USING btree ("approval_id");--> statement-breakpoint
CREATE INDEX "owner_approval_events_approval_idx" ON "owner_approval_events" USING btree ("approval_id");
