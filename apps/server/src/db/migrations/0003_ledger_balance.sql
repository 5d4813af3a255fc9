-- DESIGN 3: the database itself refuses an unbalanced transaction, even if the service is
-- bypassed. Checked at commit (deferred), once all of a transaction's lines are written.
CREATE FUNCTION check_transaction_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  b uuid;
  t uuid;
  line_count integer;
  total numeric;
  non_zero integer;
BEGIN
  IF TG_TABLE_NAME = 'transactions' THEN
    b := NEW.building_id;
    t := NEW.uuid;
  ELSIF TG_OP = 'DELETE' THEN
    b := OLD.building_id;
    t := OLD.transaction_uuid;
  ELSE
    b := NEW.building_id;
    t := NEW.transaction_uuid;
  END IF;
  -- A transaction removed with its lines (a building deleted) has nothing left to check.
  IF NOT EXISTS (SELECT 1 FROM transactions WHERE building_id = b AND uuid = t) THEN
    RETURN NULL;
  END IF;
  SELECT count(*), coalesce(sum(amount), 0), count(*) FILTER (WHERE amount <> 0)
    INTO line_count, total, non_zero
    FROM subtransactions WHERE building_id = b AND transaction_uuid = t;
  IF line_count = 0 OR non_zero = 0 THEN
    RAISE EXCEPTION 'transaction % has no non-zero amount', t USING ERRCODE = '23514';
  END IF;
  IF total <> 0 THEN
    RAISE EXCEPTION 'transaction % does not sum to zero', t USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER subtransactions_balance
  AFTER INSERT OR UPDATE OR DELETE ON subtransactions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION check_transaction_balance();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER transactions_have_lines
  AFTER INSERT ON transactions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION check_transaction_balance();
