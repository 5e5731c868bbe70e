import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <section aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
      <Link to="/">Go to the Dashboard</Link>
    </section>
  );
}
