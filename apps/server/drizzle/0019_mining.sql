CREATE TABLE "mining_dividends" (
	"order_id" bigint NOT NULL,
	"day" integer NOT NULL,
	"amount" numeric(40, 0) NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"entry_id" bigint NOT NULL,
	CONSTRAINT "mining_dividends_order_id_day_pk" PRIMARY KEY("order_id","day"),
	CONSTRAINT "mining_dividends_amount" CHECK (amount >= 0)
);
--> statement-breakpoint
CREATE TABLE "mining_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"amount" numeric(40, 0) NOT NULL,
	"daily_rate_ppm" bigint NOT NULL,
	"days" integer NOT NULL,
	"penalty_rate_ppm" bigint NOT NULL,
	"dividend_minute" smallint NOT NULL,
	"subscribed_at" timestamp with time zone NOT NULL,
	"principal_hold_id" bigint NOT NULL,
	"reserve_hold_id" bigint,
	"paid_days" integer DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"early" boolean DEFAULT false NOT NULL,
	"redeemed_at" timestamp with time zone,
	"penalty" numeric(40, 0),
	"returned" numeric(40, 0),
	CONSTRAINT "mining_orders_state" CHECK (state in ('in_progress', 'redeemed')),
	CONSTRAINT "mining_orders_amounts" CHECK (amount > 0 and paid_days >= 0 and paid_days <= days),
	CONSTRAINT "mining_orders_redeemed" CHECK ((state = 'in_progress' and redeemed_at is null and penalty is null and returned is null)
          or (state = 'redeemed' and redeemed_at is not null and penalty >= 0 and returned >= 0
              and penalty + returned = amount))
);
--> statement-breakpoint
CREATE TABLE "mining_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"names" jsonb NOT NULL,
	"currency_id" integer NOT NULL,
	"daily_rate_ppm" bigint NOT NULL,
	"days" integer NOT NULL,
	"min_amount" numeric(40, 0) NOT NULL,
	"max_amount" numeric(40, 0) NOT NULL,
	"capacity" numeric(40, 0) NOT NULL,
	"subscribed" numeric(40, 0) DEFAULT '0' NOT NULL,
	"dividend_minute" smallint NOT NULL,
	"penalty_rate_ppm" bigint NOT NULL,
	"active" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mining_products_category" CHECK (category in ('lock', 'cloud', 'defi')),
	CONSTRAINT "mining_products_terms" CHECK (days > 0 and min_amount > 0 and max_amount >= min_amount and capacity >= 0 and subscribed >= 0
          and daily_rate_ppm >= 0 and penalty_rate_ppm >= 0 and dividend_minute between 0 and 1439)
);
--> statement-breakpoint
CREATE INDEX "mining_orders_user_idx" ON "mining_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "mining_orders_product_idx" ON "mining_orders" USING btree ("product_id","state");