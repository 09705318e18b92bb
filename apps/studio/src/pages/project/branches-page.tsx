import { useParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { useProjectQuery } from '../../data/projects/project-query.ts';
import { BranchesView } from '../../features/branches/branches-view.tsx';

export default function BranchesPage() {
  const { ref = '' } = useParams();
  const project = useProjectQuery(ref);
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-6 py-8" data-testid="branches-page">
      <PageHeader title="Branches" description="Preview databases built from a Git branch's migrations." />
      {project.data ? <BranchesView project={project.data} /> : <SkeletonRows rows={3} />}
    </div>
  );
}
