// /devices/new (signed in): register a device with createDevice, then attach its picture
// (newFiles, type "device") and go to its page. ?thing=<id> preselects the thing it is fitted to.
import { useNavigate, useSearchParams } from "react-router";
import { useMutation, type CombinedError } from "urql";
import { term } from "../../../../shared/branding.ts";
import { useAttachImage } from "../../components/ImageUpload.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { paths } from "../../routes/paths.ts";
import { CreateDeviceDocument as CreateDevice } from "./CreateDevice.generated.ts";
import { DeviceForm } from "./DeviceForm.tsx";
import { errorText, isUuid } from "./device-meta.ts";
import "./devices.css";

export const CREATE_FAILED = "There has been a problem registering the device";

export default function NewDevicePage() {
  const b = useBranding();
  const navigate = useNavigate();
  const notify = useNotify();
  const [params] = useSearchParams();
  const [, createDevice] = useMutation(CreateDevice);
  const attach = useAttachImage();
  const thingParam = params.get("thing");

  return (
    <section className="page dev-page dev-form-page" aria-labelledby="page-title">
      <h1 id="page-title">Register a device</h1>
      <p className="lead">
        Add a LoRaWAN soil sensor or pump controller that is registered in The Things Stack, and fit it to a{" "}
        {term(b, "thing")} you look after. Its readings arrive by the application’s webhook.
      </p>
      <DeviceForm
        initial={{ thingId: isUuid(thingParam) ? thingParam : null }}
        submitLabel="Register device"
        busyLabel="Registering…"
        cancelTo="/devices"
        onSubmit={async (values, picture) => {
          const result = await createDevice({
            input: { ...values, hasImage: !!picture.upload },
          });
          const device = result.data?.createDevice?.device;
          if (result.error || !device) return { message: errorText(result.error, CREATE_FAILED) };
          if (picture.upload) {
            try {
              await attach(picture.upload, "device", device.id);
            } catch (error) {
              notify.warning(`The device was registered, but the picture could not be saved: ${errorText(error as CombinedError, "An error occurred")}`);
            }
          }
          notify.positive(`${values.name} was registered`);
          navigate(paths.device(device.id), { replace: true });
          return null;
        }}
      />
    </section>
  );
}
