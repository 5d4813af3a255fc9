-- Issue 14: balances kept in step with postings, and a balance check whose cost does not grow
-- with the database transaction.
CREATE TABLE "account_months" (
	"building_id" uuid NOT NULL,
	"fiscal_year" date NOT NULL,
	"aid" integer NOT NULL,
	"month" date NOT NULL,
	"debits" bigint DEFAULT 0 NOT NULL,
	"credits" bigint DEFAULT 0 NOT NULL,
	"postings" integer DEFAULT 0 NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "account_months_building_id_fiscal_year_aid_month_pk" PRIMARY KEY("building_id","fiscal_year","aid","month")
);
--> statement-breakpoint
DROP INDEX "subtransactions_account_idx";--> statement-breakpoint
ALTER TABLE "subtransactions" ADD COLUMN "date" date;--> statement-breakpoint
UPDATE "subtransactions" s SET "date" = t."date"
  FROM "transactions" t WHERE t.building_id = s.building_id AND t.uuid = s.transaction_uuid;--> statement-breakpoint
ALTER TABLE "subtransactions" ALTER COLUMN "date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "account_months" ADD CONSTRAINT "account_months_building_id_fiscal_year_fiscal_years_building_id_start_date_fk" FOREIGN KEY ("building_id","fiscal_year") REFERENCES "public"."fiscal_years"("building_id","start_date") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subtransactions_account_date_idx" ON "subtransactions" USING btree ("building_id","aid","date");--> statement-breakpoint
INSERT INTO "account_months" (building_id, fiscal_year, aid, month, debits, credits, postings, lines)
  SELECT s.building_id, t.fiscal_year, s.aid, date_trunc('month', t.date)::date,
    coalesce(sum(s.amount) FILTER (WHERE t.status <> 'cancelled' AND s.amount > 0), 0),
    coalesce(-sum(s.amount) FILTER (WHERE t.status <> 'cancelled' AND s.amount < 0), 0),
    count(*) FILTER (WHERE t.status <> 'cancelled'),
    count(*)
  FROM subtransactions s JOIN transactions t ON t.building_id = s.building_id AND t.uuid = s.transaction_uuid
  GROUP BY 1, 2, 3, 4;--> statement-breakpoint

-- Adds line changes to account_months, summed by account and month. Each change is a line
-- (its amount), whether it counts (its transaction is not cancelled) and a sign (+1 added,
-- -1 removed): counted lines move debits, credits and postings; every line moves lines.
CREATE FUNCTION account_months_add(b uuid[], y date[], a integer[], m date[], amount bigint[],
    counted boolean[], sign integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO account_months AS am (building_id, fiscal_year, aid, month, debits, credits, postings, lines)
  SELECT c.b, c.y, c.a, c.m,
    sum(CASE WHEN c.counted AND c.amount > 0 THEN c.sign * c.amount ELSE 0 END),
    sum(CASE WHEN c.counted AND c.amount < 0 THEN -c.sign * c.amount ELSE 0 END),
    sum(CASE WHEN c.counted THEN c.sign ELSE 0 END),
    sum(c.sign)
  FROM unnest(b, y, a, m, amount, counted, sign) AS c(b, y, a, m, amount, counted, sign)
  GROUP BY 1, 2, 3, 4
  -- One order for every writer, so two transactions never wait on each other's rows in a cycle.
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (building_id, fiscal_year, aid, month) DO UPDATE SET
    debits = am.debits + excluded.debits,
    credits = am.credits + excluded.credits,
    postings = am.postings + excluded.postings,
    lines = am.lines + excluded.lines
$$;
--> statement-breakpoint
CREATE FUNCTION account_months_lines_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM account_months_add(array_agg(n.building_id), array_agg(t.fiscal_year), array_agg(n.aid),
      array_agg(date_trunc('month', n.date)::date), array_agg(n.amount),
      array_agg(t.status <> 'cancelled'), array_agg(1))
    FROM new_rows n CROSS JOIN LATERAL (SELECT t.fiscal_year, t.status FROM transactions t
      WHERE t.building_id = n.building_id AND t.uuid = n.transaction_uuid LIMIT 1) t
    HAVING count(*) > 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Lines removed with their transaction (a cascade) were already taken out by
-- account_months_transaction_deleted, so only lines whose transaction remains count here.
CREATE FUNCTION account_months_lines_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM account_months_add(array_agg(o.building_id), array_agg(t.fiscal_year), array_agg(o.aid),
      array_agg(date_trunc('month', o.date)::date), array_agg(o.amount),
      array_agg(t.status <> 'cancelled'), array_agg(-1))
    FROM old_rows o CROSS JOIN LATERAL (SELECT t.fiscal_year, t.status FROM transactions t
      WHERE t.building_id = o.building_id AND t.uuid = o.transaction_uuid LIMIT 1) t
    HAVING count(*) > 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION account_months_lines_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM account_months_add(array_agg(c.building_id), array_agg(t.fiscal_year), array_agg(c.aid),
      array_agg(date_trunc('month', c.date)::date), array_agg(c.amount),
      array_agg(t.status <> 'cancelled'), array_agg(c.sign))
    FROM (SELECT o.building_id, o.transaction_uuid, o.aid, o.date, o.amount, -1 AS sign FROM old_rows o
          UNION ALL
          SELECT n.building_id, n.transaction_uuid, n.aid, n.date, n.amount, 1 FROM new_rows n) c
    CROSS JOIN LATERAL (SELECT t.fiscal_year, t.status FROM transactions t
      WHERE t.building_id = c.building_id AND t.uuid = c.transaction_uuid LIMIT 1) t
    HAVING count(*) > 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A posted transaction is never edited (DOMAIN 1): only its status moves, and a cancel takes its
-- lines out of the balances (a reinstatement puts them back).
CREATE FUNCTION account_months_transactions_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.building_id = o.building_id AND n.uuid = o.uuid
             WHERE n.date <> o.date OR n.fiscal_year <> o.fiscal_year) THEN
    RAISE EXCEPTION 'a posted transaction''s date and fiscal year never change' USING ERRCODE = '23514';
  END IF;
  PERFORM account_months_add(array_agg(s.building_id), array_agg(c.fiscal_year), array_agg(s.aid),
      array_agg(date_trunc('month', s.date)::date), array_agg(s.amount),
      array_agg(c.counted), array_agg(c.sign))
    FROM (SELECT o.building_id, o.uuid, o.fiscal_year, o.status <> 'cancelled' AS counted, -1 AS sign
            FROM old_rows o JOIN new_rows n ON n.building_id = o.building_id AND n.uuid = o.uuid
            WHERE (o.status = 'cancelled') <> (n.status = 'cancelled')
          UNION ALL
          SELECT n.building_id, n.uuid, n.fiscal_year, n.status <> 'cancelled', 1
            FROM old_rows o JOIN new_rows n ON n.building_id = o.building_id AND n.uuid = o.uuid
            WHERE (o.status = 'cancelled') <> (n.status = 'cancelled')) c
    CROSS JOIN LATERAL (SELECT s.building_id, s.aid, s.date, s.amount FROM subtransactions s
      WHERE s.building_id = c.building_id AND s.transaction_uuid = c.uuid OFFSET 0) s
    HAVING count(*) > 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Before the row goes, while its lines are still there (a cascade removes them after).
CREATE FUNCTION account_months_transaction_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM account_months_add(array_agg(s.building_id), array_agg(OLD.fiscal_year), array_agg(s.aid),
      array_agg(date_trunc('month', s.date)::date), array_agg(s.amount),
      array_agg(OLD.status <> 'cancelled'), array_agg(-1))
    FROM subtransactions s WHERE s.building_id = OLD.building_id AND s.transaction_uuid = OLD.uuid
    HAVING count(*) > 0;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER account_months_lines_inserted AFTER INSERT ON subtransactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION account_months_lines_inserted();--> statement-breakpoint
CREATE TRIGGER account_months_lines_deleted AFTER DELETE ON subtransactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION account_months_lines_deleted();--> statement-breakpoint
CREATE TRIGGER account_months_lines_updated AFTER UPDATE ON subtransactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION account_months_lines_updated();--> statement-breakpoint
CREATE TRIGGER account_months_transactions_updated AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION account_months_transactions_updated();--> statement-breakpoint
CREATE TRIGGER account_months_transaction_deleted BEFORE DELETE ON transactions
  FOR EACH ROW EXECUTE FUNCTION account_months_transaction_deleted();--> statement-breakpoint

-- DESIGN 3, the database refuses an unbalanced transaction at commit, now at a cost that does not
-- grow with the database transaction: each statement notes the transactions it touched (one
-- insert per statement, from its transition table), and one deferred check per database
-- transaction reads them all at commit. The 0003 per-row triggers fired a query per line.
DROP TRIGGER subtransactions_balance ON subtransactions;--> statement-breakpoint
DROP TRIGGER transactions_have_lines ON transactions;--> statement-breakpoint
DROP FUNCTION check_transaction_balance();--> statement-breakpoint
CREATE TABLE ledger_unchecked (
  building_id uuid NOT NULL,
  transaction_uuid uuid NOT NULL,
  CONSTRAINT "ledger_unchecked_building_id_transaction_uuid_pk" PRIMARY KEY (building_id, transaction_uuid)
);--> statement-breakpoint
-- One row per database transaction with something to check; its insert queues the deferred check.
CREATE TABLE ledger_checks_due (txid bigint PRIMARY KEY NOT NULL);--> statement-breakpoint
CREATE FUNCTION ledger_note_unchecked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'transactions' THEN
    INSERT INTO ledger_unchecked SELECT DISTINCT building_id, uuid FROM new_rows ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO ledger_unchecked SELECT DISTINCT building_id, transaction_uuid FROM old_rows ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO ledger_unchecked SELECT DISTINCT building_id, transaction_uuid FROM new_rows ON CONFLICT DO NOTHING;
  END IF;
  INSERT INTO ledger_checks_due VALUES (txid_current()) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_check_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  -- A transaction removed with its lines (a building deleted) has nothing left to check. Each
  -- noted transaction is read through its keys (LATERAL), so the plan never scans the ledger,
  -- whatever the statistics say.
  SELECT u.transaction_uuid AS uuid, l.non_zero, l.total
    INTO bad
    FROM ledger_unchecked u
    CROSS JOIN LATERAL (SELECT 1 FROM transactions t
      WHERE t.building_id = u.building_id AND t.uuid = u.transaction_uuid LIMIT 1) t
    CROSS JOIN LATERAL (SELECT count(*) FILTER (WHERE s.amount <> 0) AS non_zero,
        coalesce(sum(s.amount), 0) AS total
      FROM subtransactions s
      WHERE s.building_id = u.building_id AND s.transaction_uuid = u.transaction_uuid) l
    WHERE l.non_zero = 0 OR l.total <> 0
    LIMIT 1;
  IF FOUND THEN
    IF bad.non_zero = 0 THEN
      RAISE EXCEPTION 'transaction % has no non-zero amount', bad.uuid USING ERRCODE = '23514';
    END IF;
    RAISE EXCEPTION 'transaction % does not sum to zero', bad.uuid USING ERRCODE = '23514';
  END IF;
  DELETE FROM ledger_unchecked;
  DELETE FROM ledger_checks_due WHERE txid = NEW.txid;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER subtransactions_noted AFTER INSERT ON subtransactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_note_unchecked();--> statement-breakpoint
CREATE TRIGGER subtransactions_noted_update AFTER UPDATE ON subtransactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_note_unchecked();--> statement-breakpoint
CREATE TRIGGER subtransactions_noted_delete AFTER DELETE ON subtransactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_note_unchecked();--> statement-breakpoint
CREATE TRIGGER transactions_noted AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_note_unchecked();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_balance_check AFTER INSERT ON ledger_checks_due
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balances();
