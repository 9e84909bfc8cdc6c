CREATE TABLE "dual_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"instrument_id" integer NOT NULL,
	"base_currency_id" integer NOT NULL,
	"quote_currency_id" integer NOT NULL,
	"direction" text NOT NULL,
	"shares" integer NOT NULL,
	"amount" numeric(40, 0) NOT NULL,
	"linked_price" numeric(40, 0) NOT NULL,
	"annual_rate_ppm" bigint NOT NULL,
	"days" integer NOT NULL,
	"settle_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"principal_hold_id" bigint NOT NULL,
	"base_hold_id" bigint,
	"quote_hold_id" bigint,
	"state" text NOT NULL,
	"fail_reason" text,
	"settle_tick_id" bigint,
	"settle_price" text,
	"settle_tick_at" timestamp with time zone,
	"payout_side" text,
	"payout" numeric(40, 0),
	"settled_at" timestamp with time zone,
	CONSTRAINT "dual_orders_state" CHECK (state in ('purchased', 'success', 'fail')),
	CONSTRAINT "dual_orders_amounts" CHECK (shares > 0 and amount > 0),
	CONSTRAINT "dual_orders_settled" CHECK ((state = 'purchased' and settled_at is null and payout is null and settle_tick_id is null)
          or (state = 'success' and settled_at is not null and payout >= 0 and settle_tick_id is not null
              and settle_price is not null and payout_side in ('base', 'quote'))
          or (state = 'fail' and settled_at is not null and fail_reason is not null and payout is null))
);
--> statement-breakpoint
CREATE TABLE "dual_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"names" jsonb NOT NULL,
	"instrument_id" integer NOT NULL,
	"pair" text NOT NULL,
	"base_currency_id" integer NOT NULL,
	"quote_currency_id" integer NOT NULL,
	"direction" text NOT NULL,
	"linked_price" numeric(40, 0) NOT NULL,
	"annual_rate_ppm" bigint NOT NULL,
	"days" integer NOT NULL,
	"settle_at" timestamp with time zone NOT NULL,
	"unit_price" numeric(40, 0) NOT NULL,
	"min_shares" integer NOT NULL,
	"max_shares" integer NOT NULL,
	"total_shares" integer NOT NULL,
	"sold_shares" integer DEFAULT 0 NOT NULL,
	"active" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dual_products_direction" CHECK (direction in ('call', 'put')),
	CONSTRAINT "dual_products_terms" CHECK (days > 0 and linked_price > 0 and unit_price > 0 and annual_rate_ppm >= 0 and min_shares > 0
          and max_shares >= min_shares and total_shares >= 0 and sold_shares >= 0)
);
--> statement-breakpoint
CREATE INDEX "dual_orders_user_idx" ON "dual_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "dual_orders_product_idx" ON "dual_orders" USING btree ("product_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "dual_orders_principal_hold_idx" ON "dual_orders" USING btree ("principal_hold_id");