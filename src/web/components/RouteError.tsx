import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './NotFoundPage';

function ErrorMessage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <section className="py-5 text-center" aria-labelledby="route-error-title">
      <h1 id="route-error-title">Something went wrong</h1>
      <p className="lead">This page could not be shown. Reloading it usually helps.</p>
      {/* A full load, not a client navigation: the client code itself may be what failed. */}
      <a href="/" className="btn btn-primary">
        Go to the home page
      </a>
    </section>
  );
}

/** Inside the shell: a screen threw or its code failed to load (say, after a deploy). */
export function RouteError() {
  return <ErrorMessage />;
}

/** When the shell itself fails there is no <main> around us, so bring one. */
export function ShellError() {
  return (
    <main id="main" className="container">
      <ErrorMessage />
    </main>
  );
}
