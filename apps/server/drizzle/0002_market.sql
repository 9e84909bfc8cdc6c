CREATE TABLE "candles" (
	"instrument_id" integer NOT NULL,
	"period" text NOT NULL,
	"open_time" timestamp with time zone NOT NULL,
	"open" numeric(38, 18) NOT NULL,
	"high" numeric(38, 18) NOT NULL,
	"low" numeric(38, 18) NOT NULL,
	"close" numeric(38, 18) NOT NULL,
	"volume" numeric(38, 18) NOT NULL,
	CONSTRAINT "candles_instrument_id_period_open_time_pk" PRIMARY KEY("instrument_id","period","open_time")
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"instrument_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instruments" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"kind" text NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"tick_size" numeric(38, 18) NOT NULL,
	"lot_size" numeric(38, 18) NOT NULL,
	"price_decimals" integer NOT NULL,
	"status" text DEFAULT 'trading' NOT NULL,
	"trading_hours" text,
	"feed" text DEFAULT 'simulated' NOT NULL,
	"feed_symbol" text,
	"reference_price" numeric(38, 18) NOT NULL,
	"annual_volatility" numeric(10, 6) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_ticks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_ticks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"instrument_id" integer NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"volume" numeric(38, 18) DEFAULT '0' NOT NULL,
	"source" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "favourites_user_instrument_idx" ON "favourites" USING btree ("user_id","instrument_id");--> statement-breakpoint
CREATE UNIQUE INDEX "instruments_symbol_idx" ON "instruments" USING btree (upper("symbol"));--> statement-breakpoint
CREATE INDEX "price_ticks_instrument_time_idx" ON "price_ticks" USING btree ("instrument_id","recorded_at");