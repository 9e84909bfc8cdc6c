-- Recorded ticks are evidence (fills, settlements and options receipts cite them, and each is
-- hash-chained to the previous one of its instrument): the database refuses any update, delete or
-- truncate, as it does for the ledger journal.
CREATE FUNCTION "price_ticks_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'recorded price ticks are append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "price_ticks_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "price_ticks"
  FOR EACH STATEMENT EXECUTE FUNCTION "price_ticks_refuse_change"();
