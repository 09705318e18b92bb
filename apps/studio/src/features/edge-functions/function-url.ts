import { useProjectSettingsQuery } from '../../data/projects/project-settings-query.ts';
import { projectApiUrl } from '../project-home/project-api-panel.tsx';

/** `{project API URL}/functions/v1`: where the project's functions answer (the settings' URL, else this origin's /p/{ref}). */
export function useFunctionsBaseUrl(projectRef: string): string {
  const settings = useProjectSettingsQuery(projectRef);
  return `${projectApiUrl(projectRef, settings.data)}/functions/v1`;
}

export function functionUrl(baseUrl: string, slug: string): string {
  return `${baseUrl}/${encodeURIComponent(slug)}`;
}
