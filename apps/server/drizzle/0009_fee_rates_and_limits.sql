CREATE TABLE "withdrawal_limits" (
	"level" integer PRIMARY KEY NOT NULL,
	"limit_btc" numeric(40, 0) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_limits_values" CHECK (level >= 1 and limit_btc >= 0)
);
--> statement-breakpoint
-- Spec sections 6 and 9: Lv1 200 BTC, Lv2 500 BTC per rolling 24 hours (in satoshi).
INSERT INTO "withdrawal_limits" ("level", "limit_btc") VALUES (1, 20000000000), (2, 50000000000);--> statement-breakpoint
-- Orders placed before this migration pay their pair's rates of now, as they always did.
ALTER TABLE "spot_orders" ADD COLUMN "maker_fee_rate" numeric(12, 8) NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD COLUMN "taker_fee_rate" numeric(12, 8) NOT NULL DEFAULT 0;--> statement-breakpoint
UPDATE "spot_orders" o SET "maker_fee_rate" = m."maker_fee_rate", "taker_fee_rate" = m."taker_fee_rate" FROM "spot_markets" m WHERE m."instrument_id" = o."instrument_id";--> statement-breakpoint
ALTER TABLE "spot_orders" ALTER COLUMN "maker_fee_rate" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "spot_orders" ALTER COLUMN "taker_fee_rate" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "owner_staff_id" integer;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD CONSTRAINT "spot_orders_rates" CHECK (maker_fee_rate >= 0 and maker_fee_rate < 0.5 and taker_fee_rate >= 0 and taker_fee_rate < 0.5);
