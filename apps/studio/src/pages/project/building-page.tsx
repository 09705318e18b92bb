import { Navigate, useParams } from 'react-router';
import { LoadingArea } from '../../components/ui/spinner.tsx';
import { useProjectQuery } from '../../data/projects/project-query.ts';

/**
 * /project/{ref}/building: while the project comes up, the layout shows the set-up screen here;
 * once the layout lets this page render, the project is ready, so go home.
 */
export default function BuildingPage() {
  const { ref = '' } = useParams();
  const project = useProjectQuery(ref);
  if (!project.data) return <LoadingArea />;
  return <Navigate to={`/project/${ref}`} replace />;
}
