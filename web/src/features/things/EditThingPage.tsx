// /things/{id}/edit: owners and admins change a thing's details and picture (updateThing); anyone
// else is sent to /things/{id}.
import { Link, useNavigate, useParams } from "react-router";
import { useMutation, type CombinedError } from "urql";
import { term } from "../../../../shared/branding.ts";
import { useImageUrl } from "../../components/Avatar.tsx";
import { useAttachImage } from "../../components/ImageUpload.tsx";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
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
import "./things.css";
import { RedirectWithNotice } from "../../components/RedirectWithNotice.tsx";

export default function EditThingPage() {
  const b = useBranding();
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
        <h1 id="page-title">Edit {term(b, "thing")}</h1>
        <div className="form-error" role="alert">
          {errorText(error, "An error occurred")}{" "}
          <button type="button" className="button button-secondary" onClick={refetch}>
            Try again
          </button>
        </div>
      </section>
    );
  }
  if (missing || !thing) return <ThingNotFound />;
  if (!thing.canEdit) {
    return (
      <RedirectWithNotice
        to={`/things/${encodeURIComponent(id)}`}
        message={`Only the owners of this ${term(b, "thing")} can edit it.`}
      />
    );
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
    if (result.error) return errorText(result.error, "An error occurred");
    if (upload) {
      try {
        await attach(upload, "thing", thing.id);
      } catch (attachError) {
        notify.warning(`Saved, but the picture could not be attached: ${errorText(attachError as CombinedError, "An error occurred")}`);
      }
    }
    notify.positive("Changes saved");
    navigate(paths.thing(thing.id), { replace: true });
    return null;
  };

  return (
    <section className="page thing-form-page" aria-labelledby="page-title">
      <p className="muted small">
        <Link to={paths.thing(thing.id)}>← {thing.name}</Link>
      </p>
      <h1 id="page-title">Edit {thing.name}</h1>
      <p className="lead">
        Change what this {term(b, "thing")} is, where it is and its picture. Its indicator and hydration settings are under{" "}
        <Link to={paths.thingSettings(thing.id)}>Settings</Link>.
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
        submitLabel="Save changes"
        busyLabel="Saving…"
        cancelTo={paths.thing(thing.id)}
        onSubmit={onSubmit}
      />
    </section>
  );
}
