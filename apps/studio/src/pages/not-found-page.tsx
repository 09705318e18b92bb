import { NotFoundPage } from '../features/errors/not-found-page.tsx';

export default function NotFoundRoute() {
  return <NotFoundPage />;
}
