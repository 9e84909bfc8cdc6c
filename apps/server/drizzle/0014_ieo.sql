CREATE TABLE "ieo_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"pay_currency_id" integer NOT NULL,
	"amount" numeric(40, 0) NOT NULL,
	"price" numeric(40, 0) NOT NULL,
	"held" numeric(40, 0) NOT NULL,
	"hold_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"allocated" numeric(40, 0),
	"charged" numeric(40, 0),
	"refunded" numeric(40, 0),
	"lock_hold_id" bigint,
	"allocated_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	CONSTRAINT "ieo_orders_amounts" CHECK (amount > 0 and price > 0 and held > 0),
	CONSTRAINT "ieo_orders_settled" CHECK ((allocated_at is null and allocated is null and charged is null and refunded is null)
          or (allocated_at is not null and allocated >= 0 and allocated <= amount and charged >= 0
              and refunded >= 0 and charged + refunded = held))
);
--> statement-breakpoint
CREATE TABLE "ieo_project_prices" (
	"project_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"price" numeric(40, 0) NOT NULL,
	CONSTRAINT "ieo_project_prices_project_id_currency_id_pk" PRIMARY KEY("project_id","currency_id"),
	CONSTRAINT "ieo_project_prices_positive" CHECK (price > 0)
);
--> statement-breakpoint
CREATE TABLE "ieo_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"currency_id" integer NOT NULL,
	"token_scale" smallint NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"whitepaper_url" text DEFAULT '' NOT NULL,
	"website_url" text DEFAULT '' NOT NULL,
	"descriptions" jsonb NOT NULL,
	"issuance" numeric(40, 0) NOT NULL,
	"min_per_user" numeric(40, 0) NOT NULL,
	"max_per_user" numeric(40, 0) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"lock_days" integer NOT NULL,
	"listing_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer NOT NULL,
	"allocated_at" timestamp with time zone,
	"rule_version" smallint,
	"requested_total" numeric(40, 0),
	"allocated_total" numeric(40, 0),
	"applications" integer,
	"passes" integer,
	"released_at" timestamp with time zone,
	CONSTRAINT "ieo_projects_terms" CHECK (issuance > 0 and min_per_user > 0 and max_per_user >= min_per_user and ends_at > starts_at and lock_days >= 0),
	CONSTRAINT "ieo_projects_allocation" CHECK ((allocated_at is null) = (requested_total is null) and (allocated_at is null) = (allocated_total is null)
          and (allocated_total is null or allocated_total <= issuance))
);
--> statement-breakpoint
CREATE INDEX "ieo_orders_project_idx" ON "ieo_orders" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "ieo_orders_user_idx" ON "ieo_orders" USING btree ("user_id","id");