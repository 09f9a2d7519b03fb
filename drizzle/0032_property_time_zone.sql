ALTER TABLE "projects" ADD COLUMN "time_zone" text DEFAULT 'America/Denver' NOT NULL;
