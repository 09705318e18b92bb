import type { Project } from '@plinth/api-contract';

const ENGINE_NAMES: Record<Project['engine'], string> = {
  local: 'PostgreSQL on this machine',
  embedded: 'Embedded Postgres (PGlite)',
  postgres: 'Postgres server',
};

/** Where the project's database runs, with its PostgreSQL version once it is known: "Postgres server · 15.13". */
export function engineLabel(project: Pick<Project, 'engine' | 'postgres_version'>): string {
  const name = ENGINE_NAMES[project.engine];
  return project.postgres_version ? `${name} · ${project.postgres_version}` : name;
}
