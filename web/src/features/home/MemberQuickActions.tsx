// A member's quick actions: record an action (on the One Thing, or the way to choose one), a new
// thing, a new task and the nearest thing.
import { Link } from "react-router";
import type { Branding } from "../../../../shared/branding.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { paths } from "../../routes/paths.ts";
import type { MyThing } from "./home-data.ts";
import { CompassIcon, DropIcon, PlusIcon, TaskIcon } from "./icons.tsx";
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
  return (
    <nav className="home-quick home-quick-4" aria-label={t("home.quick.label")}>
      {oneThing ? (
        <Link to={paths.thingAction(oneThing.id)} className="home-quick-action home-quick-primary" data-tour="record">
          <DropIcon size={22} />
          <span>
            <strong>{t("home.quick.record")}</strong>
            <span className="home-quick-sub">{t("home.quick.recordOn", { name: oneThing.name })}</span>
          </span>
        </Link>
      ) : (
        <Link to={hasThings ? paths.account("profile") : "/things"} className="home-quick-action home-quick-primary" data-tour="record">
          <DropIcon size={22} />
          <span>
            <strong>{t("home.quick.record")}</strong>
            <span className="home-quick-sub">
              {hasThings
                ? t("home.quick.chooseOneThing", brand)
                : known
                  ? t("home.quick.findThing", brand)
                  : t("home.quick.onYourThings", brand)}
            </span>
          </span>
        </Link>
      )}
      <Link to="/things/new" className="home-quick-action">
        <PlusIcon size={22} />
        <span>
          <strong>{t("home.quick.newThing", brand)}</strong>
          <span className="home-quick-sub">{t("home.quick.newThingSub")}</span>
        </span>
      </Link>
      <Link to="/tasks/new" className="home-quick-action">
        <TaskIcon size={22} />
        <span>
          <strong>{t("home.quick.newTask")}</strong>
          <span className="home-quick-sub">{t("home.quick.newTaskSub")}</span>
        </span>
      </Link>
      <Link to="/things/nearest" className="home-quick-action">
        <CompassIcon size={22} />
        <span>
          <strong>{t("home.quick.nearest", brand)}</strong>
          <span className="home-quick-sub">{t("home.quick.nearestSub")}</span>
        </span>
      </Link>
    </nav>
  );
}
