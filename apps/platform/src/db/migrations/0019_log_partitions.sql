-- The nine log sources (0002, 0007) become range-partitioned by timestamp, one partition per UTC
-- day, so a query over a time range reads only the days it names (partition pruning) and expired
-- days leave as a whole table (control/log-partitions.ts) instead of row by row. The primary key
-- includes the partition key, as Postgres requires; ids are time-ordered, so (id, timestamp) is as
-- unique as id. A default partition takes whatever no day partition covers (stragglers, a day the
-- maintenance job has not made yet), so a write never fails for want of a partition.
--
-- Partitions are named <source>_pYYYYMMDD (that day, UTC) and <source>_default; the maintenance job
-- relies on these names. Existing rows move to the day partitions of the last 91 days (older ones,
-- and any from the future, to the default partition), and the next few days are made ready.
do $$
declare
  source text;
  day date;
  today date := (now() at time zone 'UTC')::date;
begin
  foreach source in array array['edge_logs', 'postgres_logs', 'postgrest_logs', 'auth_logs', 'storage_logs',
                                'realtime_logs', 'function_edge_logs', 'function_logs', 'pgbouncer_logs'] loop
    execute format('alter table %I rename to %I', source, source || '_unpartitioned');
    -- Free the index names for the new table; the old rows are copied by a plain scan.
    execute format('alter table %I drop constraint %I', source || '_unpartitioned', source || '_pkey');
    execute (select coalesce(string_agg(format('drop index %s', i.indexrelid::regclass), '; '), 'select')
             from pg_index i where i.indrelid = (source || '_unpartitioned')::regclass);

    execute format($sql$
      create table %1$I (
        id uuid not null,
        timestamp timestamptz not null,
        project_ref text not null,
        event_message text not null,
        metadata jsonb not null default '{}',
        primary key (id, timestamp)
      ) partition by range (timestamp)$sql$, source);
    execute format('create index %I on %I (project_ref, timestamp desc)', source || '_project_time', source);
    execute format('create table %I partition of %I default', source || '_default', source);

    for day in execute format(
      $sql$select $1::date + k from generate_series(-1, 3) k
           union
           select distinct (timestamp at time zone 'UTC')::date from %I
           where timestamp >= ($1::date - 91)::timestamp at time zone 'UTC' and timestamp < ($1::date + 4)::timestamp at time zone 'UTC'$sql$,
      source || '_unpartitioned') using today
    loop
      execute format('create table %I partition of %I for values from (%L) to (%L)',
        source || '_p' || to_char(day, 'YYYYMMDD'), source,
        day::timestamp at time zone 'UTC', (day + 1)::timestamp at time zone 'UTC');
    end loop;

    execute format('insert into %I (id, timestamp, project_ref, event_message, metadata)
                    select id, timestamp, project_ref, event_message, metadata from %I',
                   source, source || '_unpartitioned');
    execute format('drop table %I', source || '_unpartitioned');
  end loop;
end
$$;
