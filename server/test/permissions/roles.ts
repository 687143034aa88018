// The six roles of the permission matrix (issue 13), each a real session against the real API.
// Their ties are to the world of world.ts: a public group G holding a private thing T, with a
// private device D fitted to T.
export const ROLES = ["guest", "stranger", "member", "collaborator", "owner", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** What each role is, in the words the tests print. */
export const ROLE_MEANING: Record<Role, string> = {
  guest: "a guest token (bk_anonymous), nobody signed in",
  stranger: "signed in, with no ties to anything in the world",
  member: "a member of the public group G that holds the private thing T (not a collaborator)",
  collaborator: "a collaborator on the private thing T (not in its group)",
  owner: "owner of G, T, the private device D, the private group PG and everything else arranged",
  admin: "an administrator (bk_admin), with no ties of their own",
};

// Sets of roles the table below uses again and again; each one is a rule of the product.
export const EVERYONE: readonly Role[] = ROLES;
export const SIGNED_IN: readonly Role[] = ["stranger", "member", "collaborator", "owner", "admin"];
/** Who sees a private thing: its group's members, its owners and collaborators, admins. */
export const SEES_T: readonly Role[] = ["member", "collaborator", "owner", "admin"];
/** Who records care actions on a thing: owners, collaborators, admins (spec section 6). */
export const ACTS_ON_T: readonly Role[] = ["collaborator", "owner", "admin"];
/** Who plans tasks on a thing: owners, collaborators, group members, admins (decisions.md). */
export const PLANS_ON_T = SEES_T;
/** Owners and admins manage (edit, invite, delete). */
export const MANAGERS: readonly Role[] = ["owner", "admin"];
export const OWNER: readonly Role[] = ["owner"];
export const ADMIN: readonly Role[] = ["admin"];
export const NOBODY: readonly Role[] = [];
