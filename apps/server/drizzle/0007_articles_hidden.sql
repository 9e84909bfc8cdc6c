CREATE TABLE "review_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_type" text NOT NULL,
	"target_id" bigint NOT NULL,
	"staff_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "review_approvals_once_idx" ON "review_approvals" USING btree ("target_type","target_id","staff_id");--> statement-breakpoint
CREATE INDEX "review_approvals_target_idx" ON "review_approvals" USING btree ("target_type","target_id");