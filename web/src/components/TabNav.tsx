import { NavLink } from "react-router";

export interface TabItem {
  tab: string;
  label: string;
}

/** Tabs of a record page (/users/{id}/{tab}, /groups/..., /things/...), as links. */
export function TabNav({ base, tabs, label }: { base: string; tabs: readonly TabItem[]; label: string }) {
  return (
    <nav className="tab-nav" aria-label={label}>
      <ul>
        {tabs.map(({ tab, label: text }) => (
          <li key={tab}>
            <NavLink to={`${base}/${tab}`} className={({ isActive }) => (isActive ? "tab active" : "tab")}>
              {text}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** "collaborators" -> "Collaborators", "delete-account" -> "Delete account". */
export function tabLabel(tab: string): string {
  const words = tab.replace(/-/g, " ");
  return words[0].toUpperCase() + words.slice(1);
}
