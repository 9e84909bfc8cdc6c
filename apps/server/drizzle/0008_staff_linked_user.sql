ALTER TABLE "staff" ADD COLUMN "linked_user_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_linked_user_idx" ON "staff" USING btree ("linked_user_id");