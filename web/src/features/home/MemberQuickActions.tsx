// A member's quick actions: record an action (on the One Thing, or the way to choose one), a new
// thing, a new task and the nearest thing.
import type { Branding } from "../../../../shared/branding.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { paths } from "../../routes/paths.ts";
import type { MyThing } from "./home-data.ts";
import { CompassIcon, DropIcon, PlusIcon, TaskIcon } from "./icons.tsx";
import { QuickActions } from "./QuickActions.tsx";
import { homeTexts } from "./texts.ts";

export function MemberQuickActions({
  oneThing,
  hasThings,
  known,
  b,
}: {
  oneThing: MyThing | null;
  /** Whether the member looks after any things. */
  hasThings: boolean;
  /** Whether the dashboard is known (loaded or saved). */
  known: boolean;
  b: Branding;
}) {
  const t = useT(homeTexts);
  const brand = { brand: b.key };
  const record = oneThing
    ? { to: paths.thingAction(oneThing.id), sub: t("home.quick.recordOn", { name: oneThing.name }) }
    : {
        to: hasThings ? paths.account("profile") : "/things",
        sub: hasThings
          ? t("home.quick.chooseOneThing", brand)
          : known
            ? t("home.quick.findThing", brand)
            : t("home.quick.onYourThings", brand),
      };
  return (
    <QuickActions
      label={t("home.quick.label")}
      actions={[
        { ...record, icon: DropIcon, title: t("home.quick.record") },
        { to: "/things/new", icon: PlusIcon, title: t("home.quick.newThing", brand), sub: t("home.quick.newThingSub") },
        { to: "/tasks/new", icon: TaskIcon, title: t("home.quick.newTask"), sub: t("home.quick.newTaskSub") },
        { to: "/things/nearest", icon: CompassIcon, title: t("home.quick.nearest", brand), sub: t("home.quick.nearestSub") },
      ]}
    />
  );
}
