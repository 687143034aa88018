// /things/new: add a thing in one of your groups (createThing), attach its picture (newFiles),
// then open its dashboard. `?group=<id>` preselects a group.
import { Link, useNavigate, useSearchParams } from "react-router";
import { useMutation, type CombinedError } from "urql";
import { term } from "../../../../shared/branding.ts";
import { EmptyState } from "../../components/list/index.ts";
import { useAttachImage } from "../../components/ImageUpload.tsx";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { paths } from "../../routes/paths.ts";
import { errorText } from "./errors.ts";
import { ThingForm, type ThingFormSubmit } from "./ThingForm.tsx";
import { useMyGroups } from "./use-my-groups.ts";
import { thingInputOf } from "./thing-form.ts";
import { EMPTY_ATTRIBUTES } from "./thing-attributes.ts";
import { CreateThingDocument as CreateThingMutation } from "./CreateThing.generated.ts";
import "./things.css";

export default function NewThingPage() {
  const b = useBranding();
  const navigate = useNavigate();
  const notify = useNotify();
  const [params] = useSearchParams();
  const { groups, loading, error, retry } = useMyGroups();
  const [, createThing] = useMutation(CreateThingMutation);
  const attach = useAttachImage();
  const thing = term(b, "thing");

  const onSubmit = async ({ values, isPublic, upload }: ThingFormSubmit) => {
    const input = { ...thingInputOf(values, isPublic), hasImage: Boolean(upload) };
    const result = await createThing({ input });
    const created = result.data?.createThing?.thing;
    if (result.error || !created) return errorText(result.error, "There has been a problem creating the thing");
    if (upload) {
      try {
        await attach(upload, "thing", created.id);
      } catch (attachError) {
        notify.warning(
          `${created.name} was added, but its picture could not be attached: ${errorText(attachError as CombinedError, "An error occurred")}`,
        );
      }
    }
    notify.positive(`${created.name} has been added`);
    navigate(paths.thing(created.id), { replace: true });
    return null;
  };

  const preselected = params.get("group");
  const initialGroup =
    preselected && groups.some((g) => g.id === preselected) ? preselected : groups.length === 1 ? groups[0].id : "";

  return (
    <section className="page thing-form-page" aria-labelledby="page-title">
      <h1 id="page-title">New {thing}</h1>
      <p className="lead">
        Add a {thing} your {term(b, "group")} looks after. You will own it, and can invite others to help.
      </p>
      {loading ? (
        <Loading label={`Loading your ${term(b, "groups")}…`} />
      ) : error ? (
        <div className="form-error" role="alert">
          {errorText(error, "An error occurred")}{" "}
          <button type="button" className="button button-secondary" onClick={retry}>
            Try again
          </button>
        </div>
      ) : groups.length === 0 ? (
        <EmptyState
          title={`Join a ${term(b, "group")} first`}
          action={{ label: `Start a ${term(b, "group")}`, to: "/groups/new" }}
          secondary={{ label: `Find a ${term(b, "group")}`, to: "/groups" }}
        >
          Every {thing} is looked after by a {term(b, "group")}. Start one or join one, then come back to add your {thing}.
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
          submitLabel={`Add ${thing}`}
          busyLabel="Adding…"
          cancelTo="/things"
          onSubmit={onSubmit}
        />
      )}
      <p className="muted small">
        Looking for an existing {thing}? <Link to="/things/search">Search {term(b, "things")}</Link>.
      </p>
    </section>
  );
}
