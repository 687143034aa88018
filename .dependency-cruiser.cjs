// The house rules (docs/decisions.md, "The house: boundaries"; /README.md "Layout"): which part
// may import which. `npm run lint:deps` checks them and `npm test` runs it, so CI fails on a
// violation. Tests and test helpers may compose across the parts (a server test may start the
// worker, a screen test may build the whole route tree); every other file keeps to its arrows.
// Cycles are forbidden everywhere, tests included, type-only imports included.

/** Test files and test helpers: they wire parts together the way scripts/start.ts does. */
const TESTS = ["(^|/)test/", "\\.test\\.(ts|tsx|mjs)$", "/test-utils\\.tsx?$"];

/**
 * The modules one feature may take from another, each named. Anything else inside another
 * feature's folder is its own business: a second user moves it to lib/ or components/, or it is
 * added here on purpose (and so shows up in review).
 */
const FEATURE_EXPORTS = [
  // A feature's texts (lib/i18n/texts.ts), for a screen that shows another feature's words too.
  "^web/src/features/[^/]+/texts\\.ts$",
  // A badge's words (account), on a person's page; the passphrase field, on sign-in and account.
  "^web/src/features/account/badge-texts\\.ts$",
  "^web/src/features/auth/PassphraseField\\.tsx$",
  // The one invitation page, behind the things', devices' and groups' invitation links.
  "^web/src/features/invitation/AcceptInvitation\\.tsx$",
  // A thing's labels, colours and water-need ranks (and their words), and its small shared pieces.
  "^web/src/features/things/thing-meta\\.ts$",
  "^web/src/features/things/thing-words\\.ts$",
  "^web/src/features/things/ThingBits\\.tsx$",
  "^web/src/features/things/ActionItem\\.tsx$",
  "^web/src/features/things/errors\\.ts$",
  "^web/src/features/things/recent-things\\.ts$",
  // A group's labels, its header pieces and the hook that loads one.
  "^web/src/features/groups/meta\\.ts$",
  "^web/src/features/groups/ui\\.tsx$",
  "^web/src/features/groups/use-group\\.ts$",
  "^web/src/features/groups/groups\\.css$",
  // Tasks offer one entry module.
  "^web/src/features/tasks/index\\.ts$",
  // The account's e-mail verification step before accepting an invitation, its forms and texts.
  "^web/src/features/account/VerifyToAccept\\.tsx$",
  "^web/src/features/account/errors\\.ts$",
  "^web/src/features/account/account-ui\\.tsx$",
  "^web/src/features/account/NewUserForm\\.tsx$",
  "^web/src/features/account/UsersPage\\.tsx$",
  "^web/src/features/account/ResendEmailVerification\\.generated\\.ts$",
  "^web/src/features/account/account\\.module\\.css$",
  // The offline banner (on every screen, and at the top of the home, scorer and feedback screens);
  // the home page's section frames, reused by the scorer and the feedback form.
  "^web/src/features/offline/OfflineBanner\\.tsx$",
  "^web/src/features/home/home-sections\\.tsx$",
  // Reporting content and a record's history, on the pages of things, groups, devices and chat;
  // the moderation queue in admin.
  "^web/src/features/moderation/ReportButton\\.tsx$",
  "^web/src/features/moderation/HistoryPanel\\.tsx$",
  "^web/src/features/moderation/ModerationQueue\\.tsx$",
  // A thing's attribute fields, shared by its form and the bulk import.
  "^web/src/features/things/fields\\.tsx$",
  // The map on the home page.
  "^web/src/features/map/HomeMap\\.tsx$",
  // The guided tour, started from home; the chat panel on a thing's page; the feedback form in admin.
  "^web/src/features/tour/GuidedTour\\.tsx$",
  "^web/src/features/tour/home-tour\\.tsx$",
  "^web/src/features/chat/ChatPanel\\.tsx$",
  "^web/src/features/form/FeedbackFormPage\\.tsx$",
  // Adoption on a thing's page, the map's card and profiles; the rota on a thing's and a group's page.
  "^web/src/features/adoption/AdoptionPanel\\.tsx$",
  "^web/src/features/adoption/AdoptedThings\\.tsx$",
  "^web/src/features/rotas/ThingRotaWeek\\.tsx$",
  "^web/src/features/rotas/GroupRotaTab\\.tsx$",
];

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "A cycle of any length, in any part: what imports what must be a tree one can draw.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "server-not-to-worker",
      comment:
        "The server and the worker meet only in the database (jobs, NOTIFY, tables); what both need lives in domain/ or shared/, and scripts/start.ts starts both.",
      severity: "error",
      from: { path: "^server/", pathNot: TESTS },
      to: { path: "^worker/" },
    },
    {
      name: "worker-not-to-server",
      comment: "The worker and the server meet only in the database; what both need lives in domain/ or shared/.",
      severity: "error",
      from: { path: "^worker/", pathNot: TESTS },
      to: { path: "^server/" },
    },
    {
      name: "domain-stays-neutral",
      comment: "domain/ is what server and worker both need and neither owns: it may use shared/ and packages only.",
      severity: "error",
      from: { path: "^domain/" },
      to: { path: "^(server|worker|web|db|scripts|test|bench|e2e)/" },
    },
    {
      name: "shared-stays-neutral",
      comment: "shared/ is what the browser shares with the server: it imports no other part.",
      severity: "error",
      from: { path: "^shared/" },
      to: { path: "^(server|worker|web|domain|db|scripts|test|bench|e2e)/" },
    },
    {
      name: "db-not-to-app",
      comment: "db/ (migrations, seeds, the embedded database) knows nothing of the code that uses it.",
      severity: "error",
      from: { path: "^db/", pathNot: TESTS },
      to: { path: "^(server|worker|web|domain)/" },
    },
    {
      name: "web-not-to-backend",
      comment: "The SPA talks to the server over HTTP only; it shares code through shared/.",
      severity: "error",
      from: { path: "^web/" },
      to: { path: "^(server|worker|db|domain|scripts|test|bench|e2e)/" },
    },
    {
      name: "nothing-imports-bench-or-e2e",
      comment: "Benchmarks and browser tests measure the product; the product never depends on them.",
      severity: "error",
      from: { pathNot: "^(bench|e2e)/" },
      to: { path: "^(bench|e2e)/" },
    },
    {
      name: "paths-is-a-leaf",
      comment: "web/src/routes/paths.ts imports nothing, so any file may link without a cycle.",
      severity: "error",
      from: { path: "^web/src/routes/paths\\.ts$" },
      to: {},
    },
    {
      name: "web-lib-is-a-base",
      comment: "web/src/lib/ (session, client, formats) depends on nothing in features, components, layout or routes.",
      severity: "error",
      from: { path: "^web/src/lib/", pathNot: TESTS },
      to: { path: "^web/src/(features|components|layout|routes)/" },
    },
    {
      name: "web-components-not-to-features",
      comment: "Shared UI (web/src/components/) uses lib/ and routes/paths.ts only: no feature, no layout, not the route table.",
      severity: "error",
      from: { path: "^web/src/components/", pathNot: TESTS },
      to: { path: "^web/src/(features|layout)/|^web/src/routes/routes\\.tsx$" },
    },
    {
      name: "web-layout-not-to-features",
      comment: "The layout gets what features show in it as slots from the route table; it imports no feature and not the table.",
      severity: "error",
      from: { path: "^web/src/layout/", pathNot: TESTS },
      to: { path: "^web/src/features/|^web/src/routes/routes\\.tsx$" },
    },
    {
      name: "web-features-link-by-paths",
      comment: "Features link through routes/paths.ts; the route table loads features, never the other way.",
      severity: "error",
      from: { path: "^web/src/features/", pathNot: TESTS },
      to: { path: "^web/src/(routes/routes\\.tsx|layout/|App\\.tsx|main\\.tsx)" },
    },
    {
      name: "web-features-own-their-insides",
      comment: "A feature takes from another only the modules listed in FEATURE_EXPORTS (.dependency-cruiser.cjs).",
      severity: "error",
      from: { path: "^web/src/features/([^/]+)/", pathNot: TESTS },
      to: { path: "^web/src/features/", pathNot: ["^web/src/features/$1/", ...FEATURE_EXPORTS] },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript API for dependency-cruiser to parse with; swc parses TS and TSX.
    parser: "swc",
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|\\.data)/" },
    // The extensions tried for an import that names none.
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".mjs", ".js", ".cjs", ".json"],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
