/**
 * What a log query may call and cast to. Everything here is a pure function of its arguments (or
 * of the clock): it reads no table, catalogue, setting or file, runs no SQL given as text, and
 * cannot make a value much larger than its inputs. Whatever is not listed is refused, so a
 * function added to Postgres later is refused until someone looks at it.
 *
 * Left out on purpose: anything reading the catalogue or settings (current_setting, to_regclass,
 * pg_*), running SQL from text (query_to_xml, ts_stat), files and servers (pg_read_file, lo_import,
 * dblink), side effects (set_config, nextval, pg_sleep, pg_notify), and generators whose output is
 * bounded only by an argument (generate_series, repeat, lpad, rpad, format's widths, array_fill):
 * on the embedded engine a statement cannot be interrupted, so a query must not be able to run
 * or allocate without bound on its own (docs/architecture.md, "Logs query API").
 */

const AGGREGATES = [
  'count', 'sum', 'avg', 'min', 'max', 'percentile_cont', 'percentile_disc', 'mode',
  'array_agg', 'string_agg', 'json_agg', 'jsonb_agg', 'json_object_agg', 'jsonb_object_agg',
  'bool_and', 'bool_or', 'every', 'stddev', 'stddev_pop', 'stddev_samp', 'variance', 'var_pop', 'var_samp',
];

const WINDOW_FUNCTIONS = [
  'row_number', 'rank', 'dense_rank', 'percent_rank', 'cume_dist', 'ntile', 'lag', 'lead', 'first_value', 'last_value', 'nth_value',
];

const DATE_TIME = [
  'now', 'clock_timestamp', 'statement_timestamp', 'transaction_timestamp',
  'date_trunc', 'date_bin', 'date_part', 'extract', 'to_char', 'to_timestamp', 'to_date',
  'make_interval', 'make_date', 'make_time', 'make_timestamp', 'make_timestamptz', 'age',
  'justify_interval', 'justify_hours', 'justify_days', 'isfinite',
  // `x AT TIME ZONE 'UTC'` is written by the parser as pg_catalog.timezone(...).
  'timezone',
];

const STRINGS = [
  'lower', 'upper', 'initcap', 'length', 'char_length', 'character_length', 'octet_length', 'bit_length',
  'substr', 'substring', 'position', 'strpos', 'overlay', 'replace', 'translate', 'reverse',
  'split_part', 'string_to_array', 'string_to_table', 'array_to_string', 'concat', 'concat_ws',
  'btrim', 'ltrim', 'rtrim', 'left', 'right', 'starts_with', 'md5', 'normalize', 'is_normalized',
  'regexp_replace', 'regexp_match', 'regexp_matches', 'regexp_like', 'regexp_count', 'regexp_substr',
  'regexp_instr', 'regexp_split_to_array', 'regexp_split_to_table',
  // `LIKE ... ESCAPE` and `SIMILAR TO` are written by the parser as these.
  'like_escape', 'similar_to_escape',
];

const JSON_FUNCTIONS = [
  'to_json', 'to_jsonb', 'row_to_json', 'json_build_object', 'jsonb_build_object', 'json_build_array', 'jsonb_build_array',
  'json_extract_path', 'json_extract_path_text', 'jsonb_extract_path', 'jsonb_extract_path_text',
  'json_array_elements', 'json_array_elements_text', 'jsonb_array_elements', 'jsonb_array_elements_text',
  'json_each', 'json_each_text', 'jsonb_each', 'jsonb_each_text', 'json_object_keys', 'jsonb_object_keys',
  'json_typeof', 'jsonb_typeof', 'json_array_length', 'jsonb_array_length', 'jsonb_strip_nulls', 'jsonb_pretty',
  'json_to_record', 'json_to_recordset', 'jsonb_to_record', 'jsonb_to_recordset',
  'jsonb_path_query', 'jsonb_path_query_array', 'jsonb_path_query_first', 'jsonb_path_exists', 'jsonb_path_match',
];

const MATH = [
  'abs', 'ceil', 'ceiling', 'floor', 'round', 'trunc', 'sign', 'sqrt', 'cbrt', 'power', 'pow', 'exp', 'ln', 'log', 'log10',
  'mod', 'div', 'pi', 'width_bucket',
];

const ARRAYS = [
  'unnest', 'array_length', 'cardinality', 'array_position', 'array_positions', 'array_remove',
  'array_append', 'array_prepend', 'array_cat', 'array_upper', 'array_lower',
];

/** Functions a log query may call, unqualified or as pg_catalog.name (the same function: the query runs with search_path = pg_catalog). */
export const LOG_QUERY_FUNCTIONS: ReadonlySet<string> = new Set([
  ...AGGREGATES, ...WINDOW_FUNCTIONS, ...DATE_TIME, ...STRINGS, ...JSON_FUNCTIONS, ...MATH, ...ARRAYS,
]);

/**
 * Types a value may be cast to, by their catalogue names (the parser writes `integer` as
 * pg_catalog.int4, `boolean` as pg_catalog.bool). Not the OID alias types (regclass, regproc,
 * regrole, regnamespace, ...: their input reads the catalogue) nor table row types.
 */
export const LOG_QUERY_TYPES: ReadonlySet<string> = new Set([
  'bool', 'text', 'varchar', 'bpchar', 'char', 'name',
  'int2', 'int4', 'int8', 'numeric', 'float4', 'float8',
  'date', 'time', 'timetz', 'timestamp', 'timestamptz', 'interval',
  'json', 'jsonb', 'jsonpath', 'uuid', 'inet', 'cidr', 'bytea',
]);

/** CURRENT_DATE, CURRENT_TIMESTAMP, LOCALTIME...: the clock. Not CURRENT_USER, SESSION_USER, CURRENT_SCHEMA or CURRENT_CATALOG. */
export const LOG_QUERY_CLOCK_KEYWORDS: ReadonlySet<string> = new Set([
  'SVFOP_CURRENT_DATE', 'SVFOP_CURRENT_TIME', 'SVFOP_CURRENT_TIME_N', 'SVFOP_CURRENT_TIMESTAMP', 'SVFOP_CURRENT_TIMESTAMP_N',
  'SVFOP_LOCALTIME', 'SVFOP_LOCALTIME_N', 'SVFOP_LOCALTIMESTAMP', 'SVFOP_LOCALTIMESTAMP_N',
]);
