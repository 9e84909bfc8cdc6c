CREATE TABLE "nft_artists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"avatar" text NOT NULL,
	"bios" jsonb NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nft_artworks" (
	"id" serial PRIMARY KEY NOT NULL,
	"artist_id" integer NOT NULL,
	"collection_id" integer,
	"media_type" text NOT NULL,
	"media" text NOT NULL,
	"cover" text NOT NULL,
	"titles" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"rarity" text NOT NULL,
	"currency_id" integer NOT NULL,
	"minted" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "nft_artworks_media_type" CHECK (media_type in ('image', 'gif', 'audio', 'video')),
	CONSTRAINT "nft_artworks_rarity" CHECK (rarity in ('common', 'rare', 'epic', 'legendary'))
);
--> statement-breakpoint
CREATE TABLE "nft_bids" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"price" numeric(40, 0) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nft_box_items" (
	"box_id" integer NOT NULL,
	"position" integer NOT NULL,
	"artwork_id" integer NOT NULL,
	"weight" integer NOT NULL,
	CONSTRAINT "nft_box_items_box_id_position_pk" PRIMARY KEY("box_id","position"),
	CONSTRAINT "nft_box_items_weight" CHECK (weight > 0)
);
--> statement-breakpoint
CREATE TABLE "nft_boxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"artist_id" integer NOT NULL,
	"titles" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"cover" text NOT NULL,
	"price" numeric(40, 0) NOT NULL,
	"currency_id" integer NOT NULL,
	"supply" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"commit" text NOT NULL,
	"server_seed" text NOT NULL,
	"revealed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "nft_boxes_terms" CHECK (price > 0 and supply > 0 and sold >= 0 and sold <= supply and ends_at > starts_at)
);
--> statement-breakpoint
CREATE TABLE "nft_collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"artist_id" integer NOT NULL,
	"names" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"cover" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nft_favourites" (
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "nft_favourites_user_id_code_pk" PRIMARY KEY("user_id","code")
);
--> statement-breakpoint
CREATE TABLE "nft_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"artwork_id" integer,
	"edition" integer,
	"owner_user_id" integer,
	"box_id" integer,
	"client_seed" text,
	"nonce" integer,
	"public_value" text,
	"opened_item_id" bigint,
	"opened_at" timestamp with time zone,
	"last_price" numeric(40, 0),
	"last_currency_id" integer,
	"resold" boolean DEFAULT false NOT NULL,
	"acquired_at" timestamp with time zone NOT NULL,
	CONSTRAINT "nft_items_kind" CHECK ((kind = 'item' and artwork_id is not null and edition is not null and box_id is null)
          or (kind = 'box_ticket' and box_id is not null and nonce is not null and client_seed is not null
              and owner_user_id is not null)),
	CONSTRAINT "nft_items_opened" CHECK ((opened_at is null) = (opened_item_id is null) and (opened_at is null) = (public_value is null))
);
--> statement-breakpoint
CREATE TABLE "nft_listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" bigint NOT NULL,
	"seller_user_id" integer,
	"mode" text NOT NULL,
	"currency_id" integer NOT NULL,
	"price" numeric(40, 0) NOT NULL,
	"increment" numeric(40, 0),
	"margin" numeric(40, 0),
	"flag" smallint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"current_price" numeric(40, 0),
	"current_bidder_id" integer,
	"bids" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"reason" text,
	"settled_at" timestamp with time zone,
	"winner_user_id" integer,
	"pay_deadline" timestamp with time zone,
	"payment" text,
	"buyer_user_id" integer,
	"sold_at" timestamp with time zone,
	CONSTRAINT "nft_listings_mode" CHECK (mode in ('normal', 'auction')),
	CONSTRAINT "nft_listings_state" CHECK (state in ('pending_review', 'live', 'awaiting_payment', 'sold', 'unsold', 'rejected')),
	CONSTRAINT "nft_listings_terms" CHECK (price > 0 and ends_at > starts_at and flag in (0, 1)
          and (mode = 'normal' or (increment > 0 and margin >= 0))),
	CONSTRAINT "nft_listings_payment" CHECK (payment is null or payment in ('due', 'paid', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "nft_margins" (
	"listing_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"amount" numeric(40, 0) NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "nft_margins_listing_id_user_id_pk" PRIMARY KEY("listing_id","user_id"),
	CONSTRAINT "nft_margins_state" CHECK (state in ('held', 'released', 'forfeited')),
	CONSTRAINT "nft_margins_settled" CHECK ((state = 'held') = (settled_at is null))
);
--> statement-breakpoint
CREATE TABLE "nft_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" bigint NOT NULL,
	"listing_id" integer,
	"price" numeric(40, 0),
	"currency_id" integer,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "nft_bids_listing_idx" ON "nft_bids" USING btree ("listing_id","id");--> statement-breakpoint
CREATE INDEX "nft_bids_user_idx" ON "nft_bids" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "nft_favourites_code_idx" ON "nft_favourites" USING btree ("code");--> statement-breakpoint
CREATE INDEX "nft_items_owner_idx" ON "nft_items" USING btree ("owner_user_id","id");--> statement-breakpoint
CREATE INDEX "nft_items_artwork_idx" ON "nft_items" USING btree ("artwork_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nft_items_box_nonce" ON "nft_items" USING btree ("box_id","nonce");--> statement-breakpoint
CREATE UNIQUE INDEX "nft_listings_one_open" ON "nft_listings" USING btree ("item_id") WHERE state in ('pending_review', 'live', 'awaiting_payment');--> statement-breakpoint
CREATE INDEX "nft_listings_state_idx" ON "nft_listings" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "nft_messages_user_idx" ON "nft_messages" USING btree ("user_id","id");