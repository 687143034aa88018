// /groups/{id}/settings: owners and admins edit the group or delete it; others go to its page.
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useMutation, type CombinedError } from "urql";
import { useAttachImage } from "../../components/ImageUpload.tsx";
import { ListError } from "../../components/list/index.ts";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { paths } from "../../routes/paths.ts";
import { DeleteGroupDocument as DeleteGroup } from "./DeleteGroup.generated.ts";
import { GroupForm } from "./GroupForm.tsx";
import { GroupHeader } from "./GroupPage.tsx";
import { UpdateGroupDocument as UpdateGroup } from "./UpdateGroup.generated.ts";
import { errorText, isGroupType } from "./meta.ts";
import { NotFoundNotice, usePictureUrl } from "./ui.tsx";
import { richText } from "../../lib/i18n/rich.tsx";
import { useGroup, type GroupState } from "./use-group.ts";
import styles from "./groups.module.css";
import { ConfirmBox } from "../../components/ConfirmBox.tsx";
import { RedirectWithNotice } from "../../components/RedirectWithNotice.tsx";
import { groupsTexts } from "./texts.ts";

export default function GroupSettingsPage() {
  const t = useT(groupsTexts);
  const brand = { brand: useBranding().key };
  const { id = "" } = useParams();
  const state = useGroup(id);
  const notify = useNotify();
  const [, updateGroup] = useMutation(UpdateGroup);
  const attach = useAttachImage();
  const picture = usePictureUrl();

  if (state.notFound) {
    return (
      <NotFoundNotice title={t("groups.notFound", brand)} back={{ to: "/groups", label: t("groups.seeAll", brand) }}>
        {t("groups.notFoundText", brand)}
      </NotFoundNotice>
    );
  }
  if (state.error && !state.group) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title">{t("groups.settings.title", brand)}</h1>
        <ListError message={errorText(state.error, t("groups.loadOneFailed", brand))} onRetry={state.refetch} />
      </section>
    );
  }
  if (!state.group || (state.fetching && !state.canManage)) return <Loading label={t("groups.settings.loading")} />;
  // Owners and admins only (spec section 6); everyone else sees the group's page.
  if (!state.canManage) {
    return <RedirectWithNotice to={paths.group(id)} message={t("groups.settings.ownersOnly", brand)} />;
  }

  const group = state.group;
  return (
    <section className="page group-settings" aria-labelledby="page-title">
      <GroupHeader state={state} title={t("groups.settings.title", brand)} />
      <h2>{t("groups.settings.details")}</h2>
      <GroupForm
        key={group.updatedAt}
        initial={{
          name: group.name,
          type: isGroupType(group.type) ? group.type : undefined,
          description: group.description,
          isPublic: group.isPublic,
        }}
        submitLabel={t("groups.settings.save")}
        busyLabel={t("groups.settings.saving")}
        currentPictureUrl={picture("group", group, "medium")}
        onSubmit={async (values, change) => {
          const hasImage = change.upload ? true : change.remove ? false : undefined;
          const result = await updateGroup({ nodeId: group.nodeId, patch: { ...values, hasImage } });
          if (result.error) return errorText(result.error, t("groups.settings.saveFailed", brand));
          if (change.upload) {
            try {
              await attach(change.upload, "group", group.id);
            } catch (error) {
              return t("groups.settings.pictureFailed", { error: errorText(error as CombinedError, t("common.anErrorOccurred")) });
            }
          }
          notify.positive(t("groups.settings.saved"));
          return null;
        }}
      />
      <p>
        <Link to={paths.group(group.id, "members")}>{t("groups.settings.manageMembers")}</Link>
      </p>
      <p>
        <Link to={`/things/import?group=${encodeURIComponent(group.id)}`}>{t("groups.settings.import", brand)}</Link>
      </p>
      <DeleteGroupBox state={state} />
    </section>
  );
}

function DeleteGroupBox({ state }: { state: GroupState }) {
  const t = useT(groupsTexts);
  const brand = { brand: useBranding().key };
  const navigate = useNavigate();
  const notify = useNotify();
  const [, deleteGroup] = useMutation(DeleteGroup);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const group = state.group!;
  const thingCount = group.thingsByGroupId.totalCount;

  const run = async () => {
    setBusy(true);
    setError(null);
    const result = await deleteGroup({ id: group.id });
    setBusy(false);
    if (result.error) {
      setError(errorText(result.error, t("groups.settings.deleteFailed")));
      setConfirming(false);
      return;
    }
    notify.positive(t("groups.settings.deleted", { name: group.name }));
    navigate("/groups", { replace: true });
  };

  return (
    <section className={styles.dangerZone} aria-labelledby="delete-title">
      <h2 id="delete-title">{t("groups.settings.deleteTitle", brand)}</h2>
      <p className="muted">{t("groups.settings.deleteText", { ...brand, count: thingCount })}</p>
      {error ? (
        <div className="form-error" role="alert">
          {error}
        </div>
      ) : null}
      {confirming ? (
        <ConfirmBox
          label={t("groups.settings.deleteQuestion", { name: group.name })}
          question={richText(t, "groups.settings.deleteConfirm", { name: <strong>{group.name}</strong> })}
          confirm={busy ? t("groups.settings.deleting") : t("groups.settings.yesDelete", brand)}
          cancel={t("groups.cancel")}
          busy={busy}
          onConfirm={() => void run()}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <button
          type="button"
          className="button button-danger-outline"
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
        >
          {t("groups.settings.deleteButton", brand)}
        </button>
      )}
    </section>
  );
}
