CREATE INDEX "vendor_applications_certificate_key_idx" ON "vendor_applications" USING btree ("insurance_certificate_key");--> statement-breakpoint
CREATE INDEX "layouts_storage_key_idx" ON "layouts" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "panorama_hotspots_storage_key_idx" ON "panorama_hotspots" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "photos_storage_key_idx" ON "photos" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "projects_thumbnail_key_idx" ON "projects" USING btree ("thumbnail_key");--> statement-breakpoint
CREATE INDEX "request_photos_storage_key_idx" ON "request_photos" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "vendor_profiles_certificate_key_idx" ON "vendor_profiles" USING btree ("insurance_certificate_key");