// /groups/new: start a group; its creator becomes its owner and lands on its dashboard.
import { useNavigate } from "react-router";
import { useMutation, type CombinedError } from "urql";
import { term } from "../../../../shared/branding.ts";
import { useAttachImage } from "../../components/ImageUpload.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { paths } from "../../routes/paths.ts";
import { CreateGroupDocument as CreateGroup } from "./CreateGroup.generated.ts";
import { GroupForm } from "./GroupForm.tsx";
import { errorText } from "./meta.ts";
import "./groups.css";

export default function NewGroupPage() {
  const b = useBranding();
  const navigate = useNavigate();
  const notify = useNotify();
  const [, createGroup] = useMutation(CreateGroup);
  const attach = useAttachImage();
  const word = term(b, "group");

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Start a {word}</h1>
      <p className="lead">
        A {word} brings people together to look after {term(b, "things")}. You will be its owner: you can invite
        people, make others owners and change its settings.
      </p>
      <GroupForm
        submitLabel={`Create ${word}`}
        busyLabel="Creating…"
        onSubmit={async (values, picture) => {
          const result = await createGroup({ ...values, hasImage: !!picture.upload });
          const group = result.data?.createGroup?.group;
          if (result.error || !group) return errorText(result.error, `There has been a problem creating the ${word}`);
          if (picture.upload) {
            try {
              await attach(picture.upload, "group", group.id);
            } catch (error) {
              notify.warning(
                `${group.name} was created, but its picture could not be saved: ${errorText(error as CombinedError, "An error occurred")}. Try again in its settings.`,
              );
            }
          }
          notify.positive(`${group.name} created`);
          navigate(paths.group(group.id), { replace: true });
          return null;
        }}
      />
    </section>
  );
}
