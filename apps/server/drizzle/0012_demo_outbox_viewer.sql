ALTER TABLE "delivery_outbox" ADD COLUMN "viewer_hash" text;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "viewer_hash" text;--> statement-breakpoint
CREATE INDEX "delivery_outbox_viewer_idx" ON "delivery_outbox" USING btree ("viewer_hash","id");