import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';

export interface RouteHandle {
  title?: string;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'title' in value;
}

/** The outermost route: keeps the document title in step with the deepest titled route. */
export function RootLayout() {
  const matches = useMatches();
  const title = [...matches].reverse().map((match) => match.handle).find(isRouteHandle)?.title;
  useEffect(() => {
    document.title = title ? `${title} | Plinth` : 'Plinth';
  }, [title]);
  return <Outlet />;
}
