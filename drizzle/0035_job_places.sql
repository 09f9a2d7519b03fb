ALTER TABLE "projects" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_position_check" CHECK (("projects"."latitude" is null) = ("projects"."longitude" is null) and ("projects"."latitude" is null or ("projects"."latitude" between -90 and 90 and "projects"."longitude" between -180 and 180)));--> statement-breakpoint
CREATE INDEX "projects_position_idx" ON "projects" USING btree ("latitude","longitude");--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD COLUMN "business_latitude" double precision;--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD COLUMN "business_longitude" double precision;--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD CONSTRAINT "vendor_profiles_business_position_check" CHECK (("vendor_profiles"."business_latitude" is null) = ("vendor_profiles"."business_longitude" is null) and ("vendor_profiles"."business_latitude" is null or ("vendor_profiles"."business_latitude" between -90 and 90 and "vendor_profiles"."business_longitude" between -180 and 180)));--> statement-breakpoint
UPDATE "projects" SET "city" = coalesce(trim(substring("address" from '([^,]+),\s*[A-Z]{2}(\s+\d{5}(-\d{4})?)?\s*$')), '');
