// /devices/new (signed in): register a device with createDevice, then attach its picture
// (newFiles, type "device") and go to its page. ?thing=<id> preselects the thing it is fitted to.
import { useNavigate, useSearchParams } from "react-router";
import { useMutation, type CombinedError } from "urql";
import { useAttachImage } from "../../components/ImageUpload.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { serverErrorOf } from "../../lib/errors.ts";
import { useDevicesT } from "./texts.ts";
import { useNotify } from "../../lib/notices.tsx";
import { paths } from "../../routes/paths.ts";
import { CreateDeviceDocument as CreateDevice } from "./CreateDevice.generated.ts";
import { DeviceForm, fieldOfMessage } from "./DeviceForm.tsx";
import { errorText, isUuid } from "./device-meta.ts";
import styles from "./devices.module.css";

export default function NewDevicePage() {
  const b = useBranding();
  const t = useDevicesT();
  const navigate = useNavigate();
  const notify = useNotify();
  const [params] = useSearchParams();
  const [, createDevice] = useMutation(CreateDevice);
  const attach = useAttachImage();
  const thingParam = params.get("thing");

  return (
    <section className={`page ${styles.page} ${styles.formPage}`} aria-labelledby="page-title">
      <h1 id="page-title">{t("devices.new.title")}</h1>
      <p className="lead">{t("devices.new.lead", { brand: b.key })}</p>
      <DeviceForm
        initial={{ thingId: isUuid(thingParam) ? thingParam : null }}
        submitLabel={t("devices.new.submit")}
        busyLabel={t("devices.new.busy")}
        cancelTo="/devices"
        onSubmit={async (values, picture) => {
          const result = await createDevice({
            input: { ...values, hasImage: !!picture.upload },
          });
          const device = result.data?.createDevice?.device;
          if (result.error || !device) {
            // The field is found from the server's own (English) words; the message is shown in the reader's.
            return {
              field: fieldOfMessage(serverErrorOf(result.error).message),
              message: errorText(result.error, t("devices.new.failed")),
            };
          }
          if (picture.upload) {
            try {
              await attach(picture.upload, "device", device.id);
            } catch (error) {
              notify.warning(t("devices.new.pictureFailed", { error: errorText(error as CombinedError, t("common.anErrorOccurred")) }));
            }
          }
          notify.positive(t("devices.new.registered", { name: values.name }));
          navigate(paths.device(device.id), { replace: true });
          return null;
        }}
      />
    </section>
  );
}
