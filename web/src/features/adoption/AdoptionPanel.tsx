// "I look after this one" (issue 26): who looks after a thing, and Adopt / Stop looking after it
// for the signed-in person. On a thing's page and in the map's card (compact). The limits are
// checked here first (shared/care-rules.ts) and again by the database, whose words are shown.
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { useMutation, useQuery } from "urql";
import { adoptProblem } from "../../../../shared/care-rules.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { translateServerMessage } from "../../lib/i18n/server-messages.ts";
import { useSession } from "../../lib/session-context.tsx";
import { richText } from "../../lib/i18n/rich.tsx";
import { paths } from "../../routes/paths.ts";
import { errorText } from "../things/errors.ts";
import { adoptionSummary, type Adopter } from "./adoption-text.ts";
import { AdoptThingDocument as AdoptThingMutation } from "./AdoptThing.generated.ts";
import { StopAdoptingThingDocument as StopAdoptingThingMutation } from "./StopAdoptingThing.generated.ts";
import { ThingAdoptionDocument as ThingAdoptionQuery } from "./ThingAdoption.generated.ts";
import styles from "./adoption.module.css";
import { thingsTexts } from "../things/texts.ts";
import { thingWordsTexts } from "../things/thing-words.ts";

interface ThingAdoptionData {
  thingById: {
    id: string;
    adoptedByMe: boolean | null;
    adopterCount: number | null;
    thingAdoptionsByThingId: { nodes: (Adopter & { id: string })[] };
  } | null;
}

export function AdoptionPanel({ thingId, compact = false }: { thingId: string; compact?: boolean }) {
  const { session, signedIn } = useSession();
  const t = useT(thingsTexts, thingWordsTexts);
  const location = useLocation();
  const [problem, setProblem] = useState<string | null>(null);
  const [result] = useQuery<ThingAdoptionData>({ query: ThingAdoptionQuery, variables: { id: thingId } });
  const [adoptState, adopt] = useMutation(AdoptThingMutation);
  const [stopState, stop] = useMutation(StopAdoptingThingMutation);
  const thing = result.data?.thingById;
  if (!thing) return null;

  const adopters = thing.thingAdoptionsByThingId.nodes;
  const count = thing.adopterCount ?? adopters.length;
  const mine = !!thing.adoptedByMe;
  const summary = adoptionSummary(adopters, count, signedIn ? (session?.id ?? null) : null, t);
  const busy = adoptState.fetching || stopState.fetching;

  const onAdopt = async () => {
    // The shared rule speaks the database's English: said in the reader's language like its message.
    const found = adoptProblem(count, null);
    setProblem(found && translateServerMessage(found));
    if (found) return;
    const r = await adopt({ thingId });
    if (r.error) setProblem(errorText(r.error, t("adoption.adoptFailed")));
  };
  const onStop = async () => {
    setProblem(null);
    const r = await stop({ thingId });
    if (r.error) setProblem(errorText(r.error, t("adoption.stopFailed")));
  };

  return (
    <div className={compact ? `${styles.panel} ${styles.compact}` : `${styles.panel} card`} data-testid="adoption">
      {compact ? null : <h2 className={styles.title}>{t("adoption.title")}</h2>}
      <p className={mine ? `${styles.summary} ${styles.mine}` : styles.summary}>
        <span aria-hidden="true">{mine ? "♥ " : count > 0 ? "♡ " : ""}</span>
        {summary}
      </p>
      {!compact && !mine ? <p className={`muted ${styles.hint}`}>{t("adoption.hint")}</p> : null}
      {signedIn ? (
        mine ? (
          <button type="button" className="button button-secondary" onClick={onStop} disabled={busy}>
            {t("adoption.stop")}
          </button>
        ) : (
          <button type="button" className="button" onClick={onAdopt} disabled={busy}>
            {t("adoption.adopt")}
          </button>
        )
      ) : compact ? null : (
        <p className="muted">
          {richText(t, "adoption.signIn", { signIn: <Link to={paths.signIn(location.pathname)}>{t("things.signIn")}</Link> }, {})}
        </p>
      )}
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
