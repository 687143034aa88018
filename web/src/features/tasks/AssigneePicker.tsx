// "Who does it" on /tasks/new: the chosen thing's owners, collaborators and group members, each a
// checkbox. Choosing another thing keeps only the people who can still be chosen.
import { useEffect, useId } from "react";
import { Avatar } from "../../components/Avatar.tsx";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { errorText } from "./errors.ts";
import { useThingPeople, type Candidate } from "./people.ts";
import type { ThingOption } from "./types.ts";
import { tasksTexts } from "./texts.ts";
import styles from "./tasks.module.css";

export function AssigneePicker({
  thing,
  me,
  chosen,
  onChange,
}: {
  /** The thing chosen in the form, if any. */
  thing: ThingOption | undefined;
  me: string | null;
  chosen: Candidate[];
  onChange(chosen: Candidate[]): void;
}) {
  const b = useBranding();
  const t = useT(tasksTexts);
  const id = useId();
  const { people, loading, error } = useThingPeople(thing?.id ?? null);

  // A different thing has different people: keep only those who can still be chosen.
  useEffect(() => {
    if (loading) return;
    const still = chosen.filter((person) => people.some((p) => p.id === person.id));
    if (still.length !== chosen.length) onChange(still);
  }, [people, loading, chosen, onChange]);

  const toggle = (person: Candidate) =>
    onChange(chosen.some((p) => p.id === person.id) ? chosen.filter((p) => p.id !== person.id) : [...chosen, person]);

  return (
    <fieldset className={`${styles.assigneePicker} ${styles.span}`} aria-describedby={`${id}-hint`}>
      <legend>{t("tasks.people.title")}</legend>
      <p id={`${id}-hint`} className="field-hint">
        {thing ? t("tasks.people.whoLooksAfter", { brand: b.key, name: thing.name }) : t("tasks.people.chooseThingFirst", { brand: b.key })}
      </p>
      {thing && loading ? <Loading label={t("tasks.people.loading")} /> : null}
      {thing && error ? (
        <p className="form-error" role="alert">
          {errorText(error, t("common.anErrorOccurred"))}
        </p>
      ) : null}
      {thing && !loading && people.length === 0 && !error ? <p className="muted">{t("tasks.people.nobodyYetLater")}</p> : null}
      {people.length > 0 ? (
        <ul className={styles.personOptions}>
          {people.map((person) => {
            const checked = chosen.some((p) => p.id === person.id);
            const role = t(`tasks.role.${person.role}`);
            return (
              <li key={person.id}>
                <label className={checked ? `${styles.personOption} ${styles.personOn}` : styles.personOption}>
                  <input type="checkbox" checked={checked} onChange={() => toggle(person)} />
                  <Avatar id={person.id} name={person.name} hasImage={person.hasImage} size={28} />
                  <span className={styles.personText}>
                    <span className={styles.personName}>{person.name}</span>
                    <span className={`muted ${styles.personRole}`}>{person.id === me ? t("tasks.people.roleYou", { role }) : role}</span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      ) : null}
    </fieldset>
  );
}
