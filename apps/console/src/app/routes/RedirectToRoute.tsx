import { Navigate, generatePath, useParams } from 'react-router-dom';

/** Replaces the current entry with the redirect target, carrying the route's parameters over. */
export function RedirectToRoute({ pattern }: { pattern: string }) {
  const params = useParams();
  const defined = Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return <Navigate to={generatePath(pattern, defined)} replace />;
}
