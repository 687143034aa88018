import { Link, useLocation } from "react-router";

export default function NotFoundPage() {
  const location = useLocation();
  return (
    <section className="page not-found" aria-labelledby="page-title">
      <h1 id="page-title">Page not found</h1>
      <p className="lead">
        There is no page at <code>{location.pathname}</code>. It may have moved, or the link may be mistyped.
      </p>
      <p>
        <Link to="/" className="button">
          Go to the home page
        </Link>
      </p>
    </section>
  );
}
