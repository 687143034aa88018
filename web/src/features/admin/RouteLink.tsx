// A route of the analytics tables as a link to it, its ids shortened for reading (the whole route
// in the title); a missing route as a dash.
import { Link } from "react-router";
import { shortRoute } from "./admin-data.ts";
import styles from "./admin.module.css";

export function RouteLink({ route }: { route: string | null }) {
  if (!route) return <span className="muted">—</span>;
  const short = shortRoute(route);
  return (
    <Link to={route} className={styles.route} title={short !== route ? route : undefined} translate="no">
      {short}
    </Link>
  );
}
