CREATE TABLE "option_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"instrument_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"direction" smallint NOT NULL,
	"seconds" integer NOT NULL,
	"stake" numeric(38, 0) NOT NULL,
	"rate" bigint NOT NULL,
	"accepted_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"open_tick_id" bigint NOT NULL,
	"open_price" numeric(38, 18) NOT NULL,
	"open_tick_at" timestamp (3) with time zone NOT NULL,
	"stake_hold_id" bigint NOT NULL,
	"pool_hold_id" bigint NOT NULL,
	"tolerance_ms" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"result" text,
	"close_tick_id" bigint,
	"close_price" numeric(38, 18),
	"close_tick_at" timestamp (3) with time zone,
	"payout" numeric(38, 0),
	"settled_at" timestamp with time zone,
	CONSTRAINT "option_orders_direction" CHECK (direction in (1, 2)),
	CONSTRAINT "option_orders_stake_positive" CHECK (stake > 0),
	CONSTRAINT "option_orders_settled_whole" CHECK ((status = 'open') = (result is null and payout is null and settled_at is null))
);
--> statement-breakpoint
CREATE TABLE "option_terms" (
	"instrument_id" integer NOT NULL,
	"seconds" integer NOT NULL,
	"rate" bigint NOT NULL,
	"min_stake" numeric(38, 0) NOT NULL,
	"max_stake" numeric(38, 0) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "option_terms_instrument_id_seconds_pk" PRIMARY KEY("instrument_id","seconds"),
	CONSTRAINT "option_terms_sound" CHECK (seconds > 0 and rate > 0 and min_stake > 0 and max_stake >= min_stake)
);
--> statement-breakpoint
ALTER TABLE "price_ticks" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE INDEX "option_orders_user_idx" ON "option_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "option_orders_open_idx" ON "option_orders" USING btree ("currency_id") WHERE status = 'open';