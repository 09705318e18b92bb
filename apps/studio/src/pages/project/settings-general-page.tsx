import { useParams } from 'react-router';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { LoadingArea } from '../../components/ui/spinner.tsx';
import { useProjectQuery } from '../../data/projects/project-query.ts';
import { DeleteProjectPanel } from '../../features/project-settings/delete-project-panel.tsx';
import { PauseProjectPanel } from '../../features/project-settings/pause-project-panel.tsx';
import { ProjectNamePanel } from '../../features/project-settings/project-name-panel.tsx';
import { RestartProjectPanel } from '../../features/project-settings/restart-project-panel.tsx';
import { TransferProjectPanel } from '../../features/project-settings/transfer-project-panel.tsx';

export default function ProjectSettingsGeneralPage() {
  const { ref = '' } = useParams();
  const project = useProjectQuery(ref);
  if (!project.data) return <LoadingArea />;
  return (
    <PageContainer size="narrow">
      <PageHeader title="Project Settings" description="General configuration of this project." />
      <div className="space-y-6">
        <ProjectNamePanel project={project.data} />
        <RestartProjectPanel project={project.data} />
        <PauseProjectPanel project={project.data} />
        <TransferProjectPanel project={project.data} />
        <DeleteProjectPanel project={project.data} />
      </div>
    </PageContainer>
  );
}
