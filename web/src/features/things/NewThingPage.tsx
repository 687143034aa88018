// /things/new: add a thing in one of your groups (createThing), attach its picture (newFiles),
// then open its dashboard. `?group=<id>` preselects a group.
import { Link, useNavigate, useSearchParams } from "react-router";
import { useMutation, type CombinedError } from "urql";
import { EmptyState } from "../../components/list/index.ts";
import { useAttachImage } from "../../components/ImageUpload.tsx";
import { Loading } from "../../components/Loading.tsx";
import { richText } from "../../lib/i18n/rich.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { paths } from "../../routes/paths.ts";
import { errorText } from "./errors.ts";
import { ThingForm, type ThingFormSubmit } from "./ThingForm.tsx";
import { useMyGroups } from "./use-my-groups.ts";
import { thingInputOf } from "./thing-form.ts";
import { EMPTY_ATTRIBUTES } from "./thing-attributes.ts";
import { CreateThingDocument as CreateThingMutation } from "./CreateThing.generated.ts";
import styles from "./things.module.css";
import { thingsTexts } from "./texts.ts";
import { thingWordsTexts } from "./thing-words.ts";

export default function NewThingPage() {
  const b = useBranding();
  const navigate = useNavigate();
  const notify = useNotify();
  const [params] = useSearchParams();
  const { groups, loading, error, retry } = useMyGroups();
  const [, createThing] = useMutation(CreateThingMutation);
  const attach = useAttachImage();
  const t = useT(thingsTexts, thingWordsTexts);
  const brand = { brand: b.key };

  const onSubmit = async ({ values, isPublic, upload }: ThingFormSubmit) => {
    const input = { ...thingInputOf(values, isPublic), hasImage: Boolean(upload) };
    const result = await createThing({ input });
    const created = result.data?.createThing?.thing;
    if (result.error || !created) return errorText(result.error, t("things.new.failed"));
    if (upload) {
      try {
        await attach(upload, "thing", created.id);
      } catch (attachError) {
        notify.warning(
          t("things.new.pictureNotAttached", {
            name: created.name,
            error: errorText(attachError as CombinedError, t("things.errorOccurred")),
          }),
        );
      }
    }
    notify.positive(t("things.new.added", { name: created.name }));
    navigate(paths.thing(created.id), { replace: true });
    return null;
  };

  const preselected = params.get("group");
  const initialGroup = preselected && groups.some((g) => g.id === preselected) ? preselected : groups.length === 1 ? groups[0].id : "";

  return (
    <section className={`${styles.formPage} page`} aria-labelledby="page-title">
      <h1 id="page-title">{t("things.new.title", brand)}</h1>
      <p className="lead">{t("things.new.lead", brand)}</p>
      {loading ? (
        <Loading label={t("things.new.loadingGroups", brand)} />
      ) : error ? (
        <div className="form-error" role="alert">
          {errorText(error, t("things.errorOccurred"))}{" "}
          <button type="button" className="button button-secondary" onClick={retry}>
            {t("things.tryAgain")}
          </button>
        </div>
      ) : groups.length === 0 ? (
        <EmptyState
          title={t("things.new.joinGroupFirst", brand)}
          action={{ label: t("things.new.startGroup", brand), to: "/groups/new" }}
          secondary={{ label: t("things.findGroup", brand), to: "/groups" }}
        >
          {t("things.new.joinGroupText", brand)}
        </EmptyState>
      ) : (
        <ThingForm
          initial={{
            groupId: initialGroup,
            name: "",
            type: "",
            description: "",
            latitude: "",
            longitude: "",
            locationDescription: "",
            ...EMPTY_ATTRIBUTES,
          }}
          groups={groups}
          submitLabel={t("things.new.submit", brand)}
          busyLabel={t("things.new.adding")}
          cancelTo="/things"
          onSubmit={onSubmit}
        />
      )}
      <p className="muted small">
        {richText(t, "things.new.lookingFor", { search: <Link to="/things/search">{t("things.searchTitle", brand)}</Link> }, brand)}
      </p>
    </section>
  );
}
