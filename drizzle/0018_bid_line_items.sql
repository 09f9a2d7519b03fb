ALTER TABLE "bids" ADD COLUMN "line_items" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "awarded_option" smallint;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_awarded_option_check" CHECK ("bids"."awarded_option" between 1 and 3);