// /groups/new: start a group; its creator becomes its owner and lands on its dashboard.
import { useNavigate } from "react-router";
import { useMutation, type CombinedError } from "urql";
import { useAttachImage } from "../../components/ImageUpload.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { paths } from "../../routes/paths.ts";
import { CreateGroupDocument as CreateGroup } from "./CreateGroup.generated.ts";
import { GroupForm } from "./GroupForm.tsx";
import { errorText } from "./meta.ts";
import { groupsTexts } from "./texts.ts";

export default function NewGroupPage() {
  const t = useT(groupsTexts);
  const brand = { brand: useBranding().key };
  const navigate = useNavigate();
  const notify = useNotify();
  const [, createGroup] = useMutation(CreateGroup);
  const attach = useAttachImage();

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t("groups.start", brand)}</h1>
      <p className="lead">{t("groups.new.lead", brand)}</p>
      <GroupForm
        submitLabel={t("groups.new.create", brand)}
        busyLabel={t("groups.new.creating")}
        onSubmit={async (values, picture) => {
          const result = await createGroup({ ...values, hasImage: !!picture.upload });
          const group = result.data?.createGroup?.group;
          if (result.error || !group) return errorText(result.error, t("groups.new.failed", brand));
          if (picture.upload) {
            try {
              await attach(picture.upload, "group", group.id);
            } catch (error) {
              notify.warning(
                t("groups.new.pictureFailed", { name: group.name, error: errorText(error as CombinedError, t("common.anErrorOccurred")) }),
              );
            }
          }
          notify.positive(t("groups.new.created", { name: group.name }));
          navigate(paths.group(group.id), { replace: true });
          return null;
        }}
      />
    </section>
  );
}
