// The list's class names for screens that draw, in their own markup, rows or lines in the list's
// look: a group's members and invitations (rows with their own controls), a sign-in prompt shaped
// like the empty state, a count or a note under a list. The styles are list.module.css's (local
// names), so a screen takes them from here instead of writing the list's old global names.
import styles from "./list.module.css";

export const listClasses = {
  /** A <ul> of rows joined in one panel (ItemList's list layout). */
  rows: styles.rows,
  /** One row: picture, body, badges, actions (ItemCard's <li>). */
  item: styles.item,
  picture: styles.picture,
  body: styles.body,
  title: styles.title,
  meta: styles.meta,
  badges: styles.badges,
  actions: styles.actions,
  /** The empty state's box, its title, text and row of buttons (EmptyState's parts). */
  emptyState: styles.emptyState,
  emptyStateTitle: styles.emptyStateTitle,
  emptyStateText: styles.emptyStateText,
  emptyStateActions: styles.emptyStateActions,
  /** ResultCount's line, ListFooter's column, and a small note among them. */
  count: styles.count,
  footer: styles.footer,
  note: styles.note,
} as const;
