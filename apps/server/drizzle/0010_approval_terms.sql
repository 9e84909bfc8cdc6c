DROP INDEX "review_approvals_once_idx";--> statement-breakpoint
ALTER TABLE "review_approvals" ADD COLUMN "terms" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "review_approvals_once_idx" ON "review_approvals" USING btree ("target_type","target_id","staff_id","terms");