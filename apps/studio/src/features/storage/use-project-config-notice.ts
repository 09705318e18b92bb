import { useEffect } from 'react';
import { toast } from 'sonner';
import { useApiSettingsQuery } from '../../data/api-settings/api-settings-query.ts';
import { useProjectQuery } from '../../data/projects/project-query.ts';
import { SUPPORT_EMAIL } from '../../lib/constants.ts';

/**
 * Spec §2 "Storage page start-up": the explorer talks to the project's own endpoint, so a project
 * whose API settings name none cannot browse files; say so once. Nothing happens while the
 * project is inactive (its main area shows the lifecycle screen instead).
 */
export function useProjectConfigNotice(projectRef: string): void {
  const project = useProjectQuery(projectRef);
  const isActive = project.data?.status === 'ACTIVE_HEALTHY';
  const settings = useApiSettingsQuery(projectRef, { enabled: isActive });
  const isMissing = isActive && (settings.isError || (settings.isSuccess && !settings.data.autoApiService.endpoint));

  useEffect(() => {
    if (!isMissing) return;
    // A fixed id: moving between storage pages remounts the layout, which must not stack toasts.
    // The operator's address when the settings arrived (without an endpoint), else the studio's own.
    const email = settings.data?.support_email ?? SUPPORT_EMAIL;
    toast.error(`Failed to fetch project configuration. Try refreshing your browser, or reach out to us at ${email}`, {
      id: `storage-config-${projectRef}`,
    });
  }, [isMissing, projectRef, settings.data?.support_email]);
}
