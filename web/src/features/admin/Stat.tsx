// One figure of the admin page's rows of figures (totals, summary): the value large, its name under it.
export function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <li className="admin-stat">
      <span className="admin-stat-value">{value}</span>
      <span className="admin-stat-label">{label}</span>
      {hint ? <span className="admin-stat-hint">{hint}</span> : null}
    </li>
  );
}
