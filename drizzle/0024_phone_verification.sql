-- A number takes texts only once its owner has confirmed it with a one-time code sent to it (the
-- notifications' phishing-relay rule, docs/architecture.md): users.phone_verified_number is the
-- number (the profile's ten digits) the user last confirmed, so a profile number that differs from
-- it, however it changed, is unconfirmed. Numbers already on profiles start unconfirmed: they take
-- no texts until their owners confirm them.
ALTER TABLE "users" ADD COLUMN "phone_verified_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "phone_verification_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"phone_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "phone_verification_codes" ADD CONSTRAINT "phone_verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_verification_codes_user_idx" ON "phone_verification_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "phone_verification_codes_number_idx" ON "phone_verification_codes" USING btree ("phone_number","created_at");
