-- The PostgreSQL version a project's database runs ('18.4'), recorded when it is provisioned (and,
-- later, when it is upgraded), so the API reports it without starting a stopped local cluster.
-- Projects made before this migration have none; the management API asks their server instead.
alter table projects add column postgres_version text;
