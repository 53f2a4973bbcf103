import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <section className="py-5 text-center" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p className="lead">We could not find the page you asked for.</p>
      <Link to="/" className="btn btn-primary">
        Go to the home page
      </Link>
    </section>
  );
}
