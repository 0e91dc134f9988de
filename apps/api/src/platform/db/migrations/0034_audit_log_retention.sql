-- Audit retention: drops the monthly partitions of the audit log whose every row is older than
-- `retention_months` (at least 1, so the current month and the months ahead are never reached). The rows
-- are not deleted one by one (the append-only triggers refuse that): each partition is detached and dropped
-- whole, as the tables' owner (SECURITY DEFINER), so the app role that runs the daily job needs no DDL right.
-- The drop records itself in the audit log in the same transaction, whoever calls it: partitions dropped,
-- rows in each, and the retention asked for. The default partition is never dropped. Returns what it dropped.
CREATE FUNCTION audit_log_drop_partitions(retention_months integer)
RETURNS TABLE (partition_name text, row_count bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  -- Month arithmetic on UTC wall time, like audit_log_create_partition.
  utc_now timestamp := now() AT TIME ZONE 'UTC';
  this_month timestamp := date_trunc('month', utc_now);
  cutoff timestamp;
  dropped jsonb := '[]'::jsonb;
  total bigint := 0;
  candidate record;
  counted bigint;
BEGIN
  IF retention_months IS NULL OR retention_months < 1 THEN
    RAISE EXCEPTION 'retention_months must be at least 1';
  END IF;
  cutoff := utc_now - make_interval(months => retention_months);
  -- Serialised with the creation of partitions, which may move rows between them.
  PERFORM pg_advisory_xact_lock(hashtext('audit_log_create_partitions'));
  FOR candidate IN
    SELECT c.relname::text AS name, to_date(substr(c.relname, 11), 'YYYY_MM')::timestamp AS month
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'audit_log'::regclass AND c.relname ~ '^audit_log_[0-9]{4}_[0-9]{2}$'
    ORDER BY c.relname
  LOOP
    -- A partition goes only when its end (the next month's first instant) is at or before the cutoff, and
    -- before this month whatever the retention.
    CONTINUE WHEN candidate.month + interval '1 month' > cutoff
      OR candidate.month + interval '1 month' > this_month;
    EXECUTE format('SELECT count(*) FROM %I', candidate.name) INTO counted;
    EXECUTE format('ALTER TABLE audit_log DETACH PARTITION %I', candidate.name);
    EXECUTE format('DROP TABLE %I', candidate.name);
    partition_name := candidate.name;
    row_count := counted;
    dropped := dropped || jsonb_build_object('partition', candidate.name, 'rows', counted);
    total := total + counted;
    RETURN NEXT;
  END LOOP;
  IF jsonb_array_length(dropped) > 0 THEN
    INSERT INTO audit_log (action, target_type, details)
    VALUES ('audit.partitions_dropped', 'audit_log', jsonb_build_object(
      'retention_months', retention_months,
      'cutoff', to_char(cutoff, 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
      'partitions', dropped,
      'rows', total));
  END IF;
END;
$$;
