ALTER TABLE "ieo_projects" ADD COLUMN "listed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ieo_projects" ADD COLUMN "listing_symbol" text;--> statement-breakpoint
ALTER TABLE "ieo_projects" ADD COLUMN "listing_reference" text;--> statement-breakpoint
ALTER TABLE "ieo_projects" ADD COLUMN "maker_inventory" numeric(40, 0);--> statement-breakpoint
ALTER TABLE "ieo_projects" ADD CONSTRAINT "ieo_projects_listing" CHECK ((listed_at is null) = (listing_symbol is null) and (listed_at is null) = (maker_inventory is null)
          and (maker_inventory is null or maker_inventory >= 0));