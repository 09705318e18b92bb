import { useParams, useSearchParams } from 'react-router';
import { ApiDocsView } from '../../features/api-docs/api-docs-view.tsx';
import { locationFromSearch, searchFromLocation } from '../../features/api-docs/docs-location.ts';

/** /project/{ref}/api?page=auth|users|tables-intro|rpc-intro&resource={table}&rpc={function}: the docs, full page. */
export default function ApiDocsPage() {
  const { ref = '' } = useParams();
  const [params, setParams] = useSearchParams();
  return <ApiDocsView projectRef={ref} location={locationFromSearch(params)} onNavigate={(location) => setParams(searchFromLocation(location))} className="h-full" />;
}
