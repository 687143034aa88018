// /groups/{id}/settings: owners and admins edit the group or delete it; others go to its page.
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useMutation, type CombinedError } from "urql";
import { term } from "../../../../shared/branding.ts";
import { useAttachImage } from "../../components/ImageUpload.tsx";
import { ListError } from "../../components/list/index.ts";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { paths } from "../../routes/paths.ts";
import { DeleteGroupDocument as DeleteGroup } from "./DeleteGroup.generated.ts";
import { GroupForm } from "./GroupForm.tsx";
import { GroupHeader } from "./GroupPage.tsx";
import { UpdateGroupDocument as UpdateGroup } from "./UpdateGroup.generated.ts";
import { count, errorText, isGroupType } from "./meta.ts";
import { NotFoundNotice, usePictureUrl } from "./ui.tsx";
import { useGroup, type GroupState } from "./use-group.ts";
import "./groups.css";
import { RedirectWithNotice } from "../../components/RedirectWithNotice.tsx";

export default function GroupSettingsPage() {
  const b = useBranding();
  const { id = "" } = useParams();
  const state = useGroup(id);
  const notify = useNotify();
  const [, updateGroup] = useMutation(UpdateGroup);
  const attach = useAttachImage();
  const picture = usePictureUrl();
  const Group = term(b, "group", true);

  if (state.notFound) {
    return (
      <NotFoundNotice title={`${Group} not found`} back={{ to: "/groups", label: `See all ${term(b, "groups")}` }}>
        This {term(b, "group")} does not exist, or it is private and you are not a member.
      </NotFoundNotice>
    );
  }
  if (state.error && !state.group) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title">{Group} settings</h1>
        <ListError message={errorText(state.error, `Could not load the ${term(b, "group")}`)} onRetry={state.refetch} />
      </section>
    );
  }
  if (!state.group || (state.fetching && !state.canManage)) return <Loading label="Loading the settings…" />;
  // Owners and admins only (spec section 6); everyone else sees the group's page.
  if (!state.canManage) {
    return (
      <RedirectWithNotice
        to={paths.group(id)}
        message={`Only the owners of this ${term(b, "group")} can change its settings.`}
      />
    );
  }

  const group = state.group;
  return (
    <section className="page group-settings" aria-labelledby="page-title">
      <GroupHeader state={state} title={`${Group} settings`} />
      <h2>Details</h2>
      <GroupForm
        key={group.updatedAt}
        initial={{
          name: group.name,
          type: isGroupType(group.type) ? group.type : undefined,
          description: group.description,
          isPublic: group.isPublic,
        }}
        submitLabel="Save changes"
        busyLabel="Saving…"
        currentPictureUrl={picture("group", group, "medium")}
        onSubmit={async (values, change) => {
          const hasImage = change.upload ? true : change.remove ? false : undefined;
          const result = await updateGroup({ nodeId: group.nodeId, patch: { ...values, hasImage } });
          if (result.error) return errorText(result.error, `Could not save the ${term(b, "group")}`);
          if (change.upload) {
            try {
              await attach(change.upload, "group", group.id);
            } catch (error) {
              return `The changes were saved, but the picture could not be: ${errorText(error as CombinedError, "An error occurred")}`;
            }
          }
          notify.positive("Changes saved");
          return null;
        }}
      />
      <p>
        <Link to={paths.group(group.id, "members")}>Invite people and manage members and owners</Link>
      </p>
      <p>
        <Link to={`/things/import?group=${encodeURIComponent(group.id)}`}>Import {term(b, "things")} from a CSV or GeoJSON file</Link>
      </p>
      <DeleteGroupBox state={state} />
    </section>
  );
}

function DeleteGroupBox({ state }: { state: GroupState }) {
  const b = useBranding();
  const navigate = useNavigate();
  const notify = useNotify();
  const [, deleteGroup] = useMutation(DeleteGroup);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const group = state.group!;
  const word = term(b, "group");
  const thingCount = group.thingsByGroupId.totalCount;

  const run = async () => {
    setBusy(true);
    setError(null);
    const result = await deleteGroup({ id: group.id });
    setBusy(false);
    if (result.error) {
      setError(errorText(result.error, "Failed to delete group"));
      setConfirming(false);
      return;
    }
    notify.positive(`${group.name} was deleted`);
    navigate("/groups", { replace: true });
  };

  return (
    <section className="card danger-zone" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete this {word}</h2>
      <p className="muted">
        Deleting removes the {word}, its memberships and its pending invitations for good.
        {thingCount > 0
          ? ` It still looks after ${count(thingCount, term(b, "thing"), term(b, "things"))}: move them to another ${word} or delete them first.`
          : ""}
      </p>
      {error ? (
        <div className="form-error" role="alert">
          {error}
        </div>
      ) : null}
      {confirming ? (
        <div className="confirm-box" role="group" aria-label={`Delete ${group.name}?`}>
          <p>
            Delete <strong>{group.name}</strong> for good? This cannot be undone.
          </p>
          <div className="button-row">
            <button type="button" className="button button-danger-solid" disabled={busy} onClick={run}>
              {busy ? "Deleting…" : `Yes, delete ${word}`}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="button button-danger"
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
        >
          Delete {word}…
        </button>
      )}
    </section>
  );
}
