// /things/{id}/edit: owners and admins change a thing's details and picture (updateThing); anyone
// else is sent to /things/{id}.
import { Link, useNavigate, useParams } from "react-router";
import { useMutation, type CombinedError } from "urql";
import { useImageUrl } from "../../components/Avatar.tsx";
import { useAttachImage } from "../../components/ImageUpload.tsx";
import { Loading } from "../../components/Loading.tsx";
import { richText } from "../../lib/i18n/rich.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { paths } from "../../routes/paths.ts";
import { errorText } from "./errors.ts";
import { ThingForm, type ThingFormSubmit } from "./ThingForm.tsx";
import { ThingNotFound } from "./ThingPage.tsx";
import { coordinateText, thingInputOf } from "./thing-form.ts";
import { attributeValuesOf } from "./thing-attributes.ts";
import { useMyGroups } from "./use-my-groups.ts";
import { useThing } from "./use-thing.ts";
import { UpdateThingDocument as UpdateThingMutation } from "./UpdateThing.generated.ts";
import styles from "./things.module.css";
import { RedirectWithNotice } from "../../components/RedirectWithNotice.tsx";
import { thingsTexts } from "./texts.ts";
import { thingWordsTexts } from "./thing-words.ts";

export default function EditThingPage() {
  const b = useBranding();
  const t = useT(thingsTexts, thingWordsTexts);
  const brand = { brand: b.key };
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const { thing, loading, missing, fetching, error, refetch } = useThing(id);
  const myGroups = useMyGroups();
  const [, updateThing] = useMutation(UpdateThingMutation);
  const attach = useAttachImage();
  const imageUrl = useImageUrl("thing", id, "medium");

  if (loading || (thing && !thing.canEdit && fetching) || myGroups.loading) return <Loading />;
  if (error && !thing) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title">{t("things.editPage.titleOf", brand)}</h1>
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
    return <RedirectWithNotice to={`/things/${encodeURIComponent(id)}`} message={t("things.editPage.ownersOnly", brand)} />;
  }

  const groups = [...myGroups.groups];
  if (thing.groupByGroupId && !groups.some((g) => g.id === thing.groupId)) {
    groups.unshift({ id: thing.groupByGroupId.id, name: thing.groupByGroupId.name });
  }

  const onSubmit = async ({ values, isPublic, upload, removeImage }: ThingFormSubmit) => {
    const patch = {
      ...thingInputOf(values, isPublic),
      hasImage: upload ? true : removeImage ? false : thing.hasImage,
    };
    const result = await updateThing({ nodeId: thing.nodeId, patch });
    if (result.error) return errorText(result.error, t("things.errorOccurred"));
    if (upload) {
      try {
        await attach(upload, "thing", thing.id);
      } catch (attachError) {
        notify.warning(
          t("things.editPage.pictureNotAttached", { error: errorText(attachError as CombinedError, t("things.errorOccurred")) }),
        );
      }
    }
    notify.positive(t("things.editPage.saved"));
    navigate(paths.thing(thing.id), { replace: true });
    return null;
  };

  return (
    <section className={`${styles.formPage} page`} aria-labelledby="page-title">
      <p className="muted small">
        <Link to={paths.thing(thing.id)}>← {thing.name}</Link>
      </p>
      <h1 id="page-title">{t("things.editPage.title", { name: thing.name })}</h1>
      <p className="lead">
        {richText(t, "things.editPage.lead", { settings: <Link to={paths.thingSettings(thing.id)}>{t("things.settings")}</Link> }, brand)}
      </p>
      <ThingForm
        initial={{
          groupId: thing.groupId,
          name: thing.name,
          type: thing.type,
          description: thing.description ?? "",
          latitude: coordinateText(thing.location.x),
          longitude: coordinateText(thing.location.y),
          locationDescription: thing.locationDescription ?? "",
          ...attributeValuesOf(thing),
        }}
        initialPublic={thing.isPublic}
        groups={groups}
        currentImageUrl={thing.hasImage ? imageUrl : null}
        submitLabel={t("things.editPage.submit")}
        busyLabel={t("things.saving")}
        cancelTo={paths.thing(thing.id)}
        onSubmit={onSubmit}
      />
    </section>
  );
}
