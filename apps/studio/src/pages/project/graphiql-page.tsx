import { useParams } from 'react-router';
import { GraphiqlView } from '../../features/graphiql/graphiql-view.tsx';

/** /project/{ref}/api/graphiql: GraphiQL against the project's /graphql/v1. */
export default function GraphiqlPage() {
  const { ref = '' } = useParams();
  return <GraphiqlView projectRef={ref} />;
}
