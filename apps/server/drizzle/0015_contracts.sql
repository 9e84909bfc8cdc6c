CREATE TABLE "contract_cursors" (
	"instrument_id" integer PRIMARY KEY NOT NULL,
	"tick_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"instrument_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"side" smallint NOT NULL,
	"order_type" smallint NOT NULL,
	"status" text NOT NULL,
	"lots" integer NOT NULL,
	"multiple" integer NOT NULL,
	"limit_price" numeric(40, 0),
	"terms" jsonb NOT NULL,
	"open_price" numeric(40, 0),
	"open_reference" numeric(40, 0),
	"open_tick_id" bigint,
	"notional" numeric(40, 0) NOT NULL,
	"initial_margin" numeric(40, 0) NOT NULL,
	"margin" numeric(40, 0) NOT NULL,
	"open_fee" numeric(40, 0) NOT NULL,
	"exposure" numeric(40, 0) NOT NULL,
	"maintenance" numeric(40, 0) NOT NULL,
	"take_profit" numeric(40, 0),
	"stop_loss" numeric(40, 0),
	"overnight_total" numeric(40, 0) DEFAULT '0' NOT NULL,
	"order_hold_id" bigint,
	"margin_hold_id" bigint,
	"exposure_hold_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"idempotency_key" text,
	CONSTRAINT "contract_positions_sizes" CHECK ("contract_positions"."lots" > 0 and "contract_positions"."multiple" > 0 and "contract_positions"."side" in (1, 2) and "contract_positions"."order_type" in (0, 1) and "contract_positions"."margin" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contract_settlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"position_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"day" text,
	"tick_id" bigint,
	"inputs" jsonb NOT NULL,
	"outcome" jsonb NOT NULL,
	"settled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_terms" (
	"instrument_id" integer PRIMARY KEY NOT NULL,
	"currency_id" integer NOT NULL,
	"contract_size" numeric(40, 0) NOT NULL,
	"multiples" text NOT NULL,
	"spread" numeric(40, 0) NOT NULL,
	"open_fee_ppm" integer NOT NULL,
	"close_fee_ppm" integer NOT NULL,
	"overnight_ppm" integer NOT NULL,
	"maintenance_ppm" integer NOT NULL,
	"liquidation_fee_ppm" integer NOT NULL,
	"max_move_ppm" integer NOT NULL,
	"side_cap_ppm" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contract_terms_positive" CHECK ("contract_terms"."contract_size" > 0 and "contract_terms"."spread" >= 0 and "contract_terms"."open_fee_ppm" >= 0 and "contract_terms"."close_fee_ppm" >= 0 and "contract_terms"."overnight_ppm" >= 0 and "contract_terms"."maintenance_ppm" > 0 and "contract_terms"."liquidation_fee_ppm" >= 0 and "contract_terms"."max_move_ppm" > 0 and "contract_terms"."side_cap_ppm" >= 0)
);
--> statement-breakpoint
CREATE INDEX "contract_positions_user_idx" ON "contract_positions" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "contract_positions_open_idx" ON "contract_positions" USING btree ("instrument_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_positions_idempotency_idx" ON "contract_positions" USING btree ("user_id","idempotency_key") WHERE idempotency_key is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_settlements_close_idx" ON "contract_settlements" USING btree ("position_id") WHERE kind <> 'overnight';--> statement-breakpoint
CREATE UNIQUE INDEX "contract_settlements_day_idx" ON "contract_settlements" USING btree ("position_id","day") WHERE kind = 'overnight';--> statement-breakpoint
CREATE INDEX "contract_settlements_user_idx" ON "contract_settlements" USING btree ("user_id","id");