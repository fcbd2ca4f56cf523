-- Bloom Lens conformance: PostgreSQL contrib bloom. Loaded once per throwaway cluster.
CREATE EXTENSION IF NOT EXISTS bloom;
CREATE EXTENSION IF NOT EXISTS pageinspect;

-- Runs `queries` equality queries on column c1 for values known to be absent (odd; every stored
-- value is even) and sums, from EXPLAIN (ANALYZE, FORMAT JSON), the rows the bloom index returned
-- ("Actual Rows" of the Bitmap Index Scan) and the rows the recheck removed ("Rows Removed by Index
-- Recheck" of the Bitmap Heap Scan), plus the sum of squares of the per-query rates.
CREATE OR REPLACE FUNCTION conformance_probe(tbl text, queries int, rowcount bigint, seed float8)
RETURNS TABLE (returned bigint, removed bigint, matched bigint, sum_squares float8, nodes text)
LANGUAGE plpgsql AS $$
DECLARE
  plan json;
  heap json;
  idx json;
  v int4;
  r bigint;
  x bigint;
BEGIN
  returned := 0; removed := 0; matched := 0; sum_squares := 0; nodes := '';
  PERFORM setseed(seed);
  FOR i IN 1..queries LOOP
    v := floor(random() * 2 ^ 30)::int4 * 2 + 1;
    EXECUTE format('EXPLAIN (ANALYZE, FORMAT JSON, TIMING OFF, COSTS OFF) SELECT * FROM %I WHERE c1 = %s', tbl, v) INTO plan;
    heap := plan -> 0 -> 'Plan';
    idx := heap -> 'Plans' -> 0;
    IF i = 1 THEN nodes := (heap ->> 'Node Type') || ' / ' || (idx ->> 'Node Type') || ' / ' || (idx ->> 'Index Name'); END IF;
    IF heap ->> 'Node Type' <> 'Bitmap Heap Scan' OR idx ->> 'Node Type' <> 'Bitmap Index Scan' THEN
      RAISE EXCEPTION 'unexpected plan %', plan;
    END IF;
    IF coalesce((heap ->> 'Lossy Heap Blocks')::bigint, 0) <> 0 THEN
      RAISE EXCEPTION 'lossy bitmap: the count of index rows is not exact';
    END IF;
    r := (idx ->> 'Actual Rows')::bigint;
    x := (heap ->> 'Rows Removed by Index Recheck')::bigint;
    returned := returned + r;
    removed := removed + x;
    matched := matched + (heap ->> 'Actual Rows')::bigint;
    sum_squares := sum_squares + (x::float8 / rowcount) ^ 2;
  END LOOP;
  RETURN NEXT;
END $$;
