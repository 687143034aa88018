// /things/{id}/settings: owners and admins choose what the indicator colour follows (water or
// pH), override the hydration bands, and delete the thing. Anyone else goes to /things/{id}.
import { useId, useState, type FormEvent } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useMutation } from "urql";
import { ConfirmBox } from "../../components/ConfirmBox.tsx";
import { FormField } from "../../components/FormField.tsx";
import { Loading } from "../../components/Loading.tsx";
import { richText } from "../../lib/i18n/rich.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { paths } from "../../routes/paths.ts";
import { errorText } from "./errors.ts";
import { CheckboxField } from "./fields.tsx";
import { removeRecentThing } from "./recent-things.ts";
import { ThingNotFound } from "./ThingPage.tsx";
import { DEFAULT_HYDRATION_LEVELS, hydrationLevelsOf, validateHydrationLevels } from "./thing-meta.ts";
import type { ThingDetails } from "./types.ts";
import { useThing } from "./use-thing.ts";
import { DeleteThingDocument as DeleteThingMutation } from "./DeleteThing.generated.ts";
import { UpdateThingDocument as UpdateThingMutation } from "./UpdateThing.generated.ts";
import styles from "./things.module.css";
import { RedirectWithNotice } from "../../components/RedirectWithNotice.tsx";
import { thingsTexts } from "./texts.ts";
import { thingWordsTexts } from "./thing-words.ts";

export default function ThingSettingsPage() {
  const b = useBranding();
  const t = useT(thingsTexts, thingWordsTexts);
  const brand = { brand: b.key };
  const { id = "" } = useParams();
  const { thing, loading, missing, fetching, error, refetch } = useThing(id);

  if (loading || (thing && !thing.canEdit && fetching)) return <Loading />;
  if (error && !thing) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title">{t("things.settingsPage.titleOf", brand)}</h1>
        <div className="form-error" role="alert">
          {errorText(error, t("things.errorOccurred"))}{" "}
          <button type="button" className="button button-secondary" onClick={refetch}>
            {t("things.tryAgain")}
          </button>
        </div>
      </section>
    );
  }
  if (missing || !thing) return <ThingNotFound />;
  if (!thing.canEdit) {
    return <RedirectWithNotice to={`/things/${encodeURIComponent(id)}`} message={t("things.settingsPage.ownersOnly", brand)} />;
  }

  return (
    <section className={`${styles.formPage} page`} aria-labelledby="page-title">
      <p className="muted small">
        <Link to={paths.thing(thing.id)}>← {thing.name}</Link>
      </p>
      <h1 id="page-title">{t("things.settingsPage.title", { name: thing.name })}</h1>
      <p className="lead">
        {richText(t, "things.settingsPage.lead", { edit: <Link to={paths.thingEdit(thing.id)}>{t("things.edit")}</Link> }, brand)}
      </p>
      <IndicatorSettings thing={thing} />
      <DangerZone thing={thing} />
    </section>
  );
}

function IndicatorSettings({ thing }: { thing: ThingDetails }) {
  const b = useBranding();
  const t = useT(thingsTexts, thingWordsTexts);
  const brand = { brand: b.key };
  const notify = useNotify();
  const groupName = useId();
  const [, updateThing] = useMutation(UpdateThingMutation);
  const levels = hydrationLevelsOf(thing.hydrationLevels);
  const [parameter, setParameter] = useState<"WATER" | "P_H">(thing.indicatorParameter);
  const [custom, setCustom] = useState(Boolean(thing.hydrationLevels));
  const [values, setValues] = useState({
    dry: String(levels.dry),
    needsWater: String(levels.needsWater),
    good: String(levels.good),
  });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const levelsError = custom && touched ? validateHydrationLevels(values, t) : null;

  const set = (key: keyof typeof values, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setTouched(true);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setServerError(null);
    if (custom && validateHydrationLevels(values)) return;
    setBusy(true);
    const hydrationLevels = custom ? { dry: Number(values.dry), needsWater: Number(values.needsWater), good: Number(values.good) } : null;
    const result = await updateThing({
      nodeId: thing.nodeId,
      patch: { indicatorParameter: parameter, hydrationLevels },
    });
    setBusy(false);
    if (result.error) {
      setServerError(errorText(result.error, t("things.errorOccurred")));
      return;
    }
    notify.positive(t("things.settingsPage.saved"));
  };

  return (
    <form className={`${styles.form} card`} onSubmit={save} noValidate aria-labelledby="indicator-title">
      <h2 id="indicator-title">{t("things.settingsPage.indicator")}</h2>
      {serverError ? (
        <div className="form-error" role="alert">
          {serverError}
        </div>
      ) : null}
      <fieldset className={styles.formSection}>
        <legend>{t("things.settingsPage.follows")}</legend>
        <div className={styles.typeChoices}>
          <div className={styles.typeChoice}>
            <input
              type="radio"
              id={`${groupName}-water`}
              name={groupName}
              checked={parameter === "WATER"}
              onChange={() => setParameter("WATER")}
            />
            <label htmlFor={`${groupName}-water`}>
              <span>
                {t("things.settingsPage.soilWater")}
                <small>{t("things.settingsPage.soilWaterScale")}</small>
              </span>
            </label>
          </div>
          <div className={styles.typeChoice}>
            <input
              type="radio"
              id={`${groupName}-ph`}
              name={groupName}
              checked={parameter === "P_H"}
              onChange={() => setParameter("P_H")}
            />
            <label htmlFor={`${groupName}-ph`}>
              <span>
                {t("things.settingsPage.soilPh")}
                <small>{t("things.settingsPage.soilPhScale")}</small>
              </span>
            </label>
          </div>
        </div>
      </fieldset>
      <fieldset className={styles.formSection}>
        <legend>{t("things.settingsPage.bands")}</legend>
        <p className="field-hint">{t("things.settingsPage.bandsHint", { ...DEFAULT_HYDRATION_LEVELS })}</p>
        <CheckboxField
          label={t("things.settingsPage.ownLimits", brand)}
          checked={custom}
          onChange={(checked) => {
            setCustom(checked);
            if (!checked) {
              setValues({
                dry: String(DEFAULT_HYDRATION_LEVELS.dry),
                needsWater: String(DEFAULT_HYDRATION_LEVELS.needsWater),
                good: String(DEFAULT_HYDRATION_LEVELS.good),
              });
            }
          }}
        />
        {custom ? (
          <>
            <div className="form-row form-row-3">
              <FormField
                label={t("things.settingsPage.dryBelow")}
                type="number"
                inputMode="decimal"
                min={0}
                max={100}
                value={values.dry}
                onChange={(event) => set("dry", event.target.value)}
                error={levelsError ? " " : null}
              />
              <FormField
                label={t("things.settingsPage.needsWaterBelow")}
                type="number"
                inputMode="decimal"
                min={0}
                max={100}
                value={values.needsWater}
                onChange={(event) => set("needsWater", event.target.value)}
                error={levelsError ? " " : null}
              />
              <FormField
                label={t("things.settingsPage.goodBelow")}
                type="number"
                inputMode="decimal"
                min={0}
                max={100}
                value={values.good}
                onChange={(event) => set("good", event.target.value)}
                error={levelsError ? " " : null}
              />
            </div>
            {levelsError ? (
              <p className="field-error" role="alert">
                {levelsError}
              </p>
            ) : null}
          </>
        ) : null}
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t("things.saving") : t("things.settingsPage.save")}
        </button>
        <Link to={paths.thing(thing.id)}>{t("things.backTo", brand)}</Link>
      </div>
    </form>
  );
}

function DangerZone({ thing }: { thing: ThingDetails }) {
  const b = useBranding();
  const t = useT(thingsTexts, thingWordsTexts);
  const brand = { brand: b.key };
  const navigate = useNavigate();
  const notify = useNotify();
  const [, deleteThing] = useMutation(DeleteThingMutation);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const actions = thing.actionsByThingId.totalCount;

  const remove = async () => {
    setBusy(true);
    setError(null);
    const result = await deleteThing({ id: thing.id });
    if (result.error) {
      setBusy(false);
      setError(errorText(result.error, t("things.settingsPage.deleteFailed")));
      return;
    }
    removeRecentThing(thing.id);
    notify.positive(t("things.settingsPage.deleted", { name: thing.name }));
    navigate("/things", { replace: true });
  };

  return (
    <section className={`${styles.dangerZone} card`} aria-labelledby="delete-title">
      <h2 id="delete-title">{t("things.settingsPage.deleteTitle", brand)}</h2>
      <p>{t("things.settingsPage.deleteText", { name: thing.name, actions })}</p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {confirming ? (
        <ConfirmBox
          label={t("things.settingsPage.confirm", { name: thing.name })}
          question={t("things.settingsPage.confirm", { name: thing.name })}
          confirm={busy ? t("things.deleting") : t("things.settingsPage.yesDelete", { name: thing.name })}
          cancel={t("things.keepIt")}
          onConfirm={remove}
          onCancel={() => setConfirming(false)}
          busy={busy}
        />
      ) : (
        <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
          {t("things.settingsPage.deleteButton", brand)}
        </button>
      )}
    </section>
  );
}
