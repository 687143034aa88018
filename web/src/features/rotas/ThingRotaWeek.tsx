// On a thing's page (issue 26): who waters it this week on its group's rota, today first. Only the
// group's members and admins get any of it (the database answers nobody else), so for everyone
// else this shows nothing.
import { Link } from "react-router";
import { useQuery } from "urql";
import { ukToday } from "../../../../shared/care-rules.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { paths } from "../../routes/paths.ts";
import { personName, rotaDayLabel, type RotaDuty } from "./rota-types.ts";
import { ThingRotaWeekDocument as ThingRotaWeekQuery } from "./ThingRotaWeek.generated.ts";
import styles from "./rotas.module.css";
import { rotasTexts, type RotasT, englishRotasT } from "./texts.ts";

interface ThingRotaWeekData {
  thingById: { id: string; groupId: string; rotaThisWeek: { nodes: RotaDuty[] } } | null;
}

/** "Priya and Tom" */
export function namesOf(duties: RotaDuty[], t: RotasT = englishRotasT): string {
  const names = duties.map((d) => personName(d, t));
  return names.length <= 1 ? names.join("") : t("rotas.andList", { first: names.slice(0, -1).join(", "), last: names[names.length - 1] });
}

export function ThingRotaWeek({ thingId, today = ukToday() }: { thingId: string; today?: string }) {
  const t = useT(rotasTexts);
  const [result] = useQuery<ThingRotaWeekData>({ query: ThingRotaWeekQuery, variables: { id: thingId } });
  const thing = result.data?.thingById;
  const duties = thing?.rotaThisWeek.nodes ?? [];
  if (!thing || duties.length === 0) return null;
  const onToday = duties.filter((d) => d.day === today);
  const days = [...new Set(duties.map((d) => d.day))];
  return (
    <section className="card" aria-labelledby="rota-week-title" data-testid="rota-week">
      <h2 id="rota-week-title">{t("rotas.thisWeek")}</h2>
      <p className={styles.today}>
        <strong>{t("rotas.today")}</strong> {onToday.length > 0 ? namesOf(onToday, t) : t("rotas.nobodyToday")}
      </p>
      <ul className={styles.weekDays}>
        {days.map((day) => (
          <li key={day} className={day === today ? styles.isToday : undefined}>
            <span className={`${styles.day} rota-day`}>{t("rotas.weekday", { weekday: duties.find((d) => d.day === day)!.weekday })}</span>{" "}
            <span>
              {namesOf(
                duties.filter((d) => d.day === day),
                t,
              )}
            </span>
            {duties.some((d) => d.day === day && d.swapped) ? <span className="muted"> {t("rotas.swapped")}</span> : null}
            <span className="visually-hidden"> {t("rotas.onDate", { date: rotaDayLabel(day) })}</span>
          </li>
        ))}
      </ul>
      <Link to={paths.group(thing.groupId, "rota")}>{t("rotas.groupRota")}</Link>
    </section>
  );
}
