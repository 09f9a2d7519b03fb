CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer NOT NULL,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"target_label" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" in ('application.approve', 'application.reject', 'user.deactivate', 'user.reactivate', 'user.send_password_reset', 'plan.create', 'plan.update', 'plan.delete', 'property.create', 'property.update', 'property.thumbnail', 'unit.add', 'unit.delete', 'demo_request.handle', 'demo_request.reopen', 'contact_message.handle', 'contact_message.reopen', 'layout.delete', 'photo.delete', 'close_up.delete', 'polygon.delete')),
	CONSTRAINT "audit_log_target_type_check" CHECK ("audit_log"."target_type" in ('manager_application', 'vendor_application', 'user', 'plan', 'property', 'unit', 'demo_request', 'contact_message', 'layout', 'photo', 'close_up', 'polygon'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
-- Append-only, enforced by the database itself (written by hand below the generated part: drizzle
-- does not model triggers): no UPDATE, DELETE or TRUNCATE of the audit log, whoever asks.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = '55000';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_change" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
