// /devices/{id}/edit (owners and admins; others go to the device's page): change the device with
// updateDevice(nodeId, devicePatch), then its picture (newFiles).
import { useNavigate, useParams } from "react-router";
import { useMutation, type CombinedError } from "urql";
import { useAttachImage } from "../../components/ImageUpload.tsx";
import { ListError } from "../../components/list/index.ts";
import { Loading } from "../../components/Loading.tsx";
import { serverErrorOf } from "../../lib/errors.ts";
import { useDevicesT } from "./texts.ts";
import { useNotify } from "../../lib/notices.tsx";
import { paths } from "../../routes/paths.ts";
import { DeviceForm, fieldOfMessage } from "./DeviceForm.tsx";
import { DeviceHeader, DeviceNotFound, OwnerTabs } from "./DeviceParts.tsx";
import { errorText, hydrationLevels } from "./device-meta.ts";
import { useDevicePicture } from "./use-device-picture.ts";
import { useDevice } from "./use-device.ts";
import { UpdateDeviceDocument as UpdateDevice } from "./UpdateDevice.generated.ts";
import styles from "./devices.module.css";
import { RedirectWithNotice } from "../../components/RedirectWithNotice.tsx";

export default function EditDevicePage() {
  const { id = "" } = useParams();
  const t = useDevicesT();
  const state = useDevice(id);
  const navigate = useNavigate();
  const notify = useNotify();
  const [, updateDevice] = useMutation(UpdateDevice);
  const attach = useAttachImage();
  const picture = useDevicePicture();
  const device = state.device;

  if (state.notFound) return <DeviceNotFound />;
  if (!device) {
    if (state.error) {
      return (
        <section className="page" aria-labelledby="page-title">
          <h1 id="page-title">{t("devices.editPage.title")}</h1>
          <ListError message={errorText(state.error, t("devices.loadDeviceFailed"))} onRetry={state.refetch} />
        </section>
      );
    }
    return <Loading label={t("devices.loadingDevice")} />;
  }
  // Owners and admins only (spec section 6); everyone else sees the device's page.
  if (!device.canEdit) {
    return <RedirectWithNotice to={paths.device(device.id)} message={t("devices.editPage.ownersOnly")} />;
  }

  const levels = device.hydrationLevels ? hydrationLevels(device.hydrationLevels) : null;
  return (
    <section className={`page ${styles.page} ${styles.formPage}`} aria-labelledby="page-title">
      <DeviceHeader device={device} title={t("devices.editPage.title")} />
      <OwnerTabs id={device.id} />
      <DeviceForm
        key={device.updatedAt}
        initial={{
          model: device.model,
          name: device.name,
          deviceId: device.deviceId,
          isPublic: device.isPublic,
          location: device.location,
          thingId: device.thingId,
          thing: device.thingByThingId ? { id: device.thingByThingId.id, name: device.thingByThingId.name } : null,
          indicatorParameter: device.indicatorParameter,
          hydrationLevels: levels,
        }}
        currentPictureUrl={picture(device, "medium")}
        submitLabel={t("devices.editPage.submit")}
        busyLabel={t("devices.editPage.busy")}
        cancelTo={paths.device(device.id)}
        onSubmit={async (values, change) => {
          const hasImage = change.upload ? true : change.remove ? false : undefined;
          const result = await updateDevice({ nodeId: device.nodeId, patch: { ...values, hasImage } });
          if (result.error) {
            // The field is found from the server's own (English) words; the message is shown in the reader's.
            return {
              field: fieldOfMessage(serverErrorOf(result.error).message),
              message: errorText(result.error, t("devices.editPage.failed")),
            };
          }
          if (change.upload) {
            try {
              await attach(change.upload, "device", device.id);
            } catch (error) {
              return {
                message: t("devices.editPage.pictureFailed", { error: errorText(error as CombinedError, t("common.anErrorOccurred")) }),
              };
            }
          }
          notify.positive(t("devices.editPage.saved"));
          navigate(paths.device(device.id));
          return null;
        }}
      />
    </section>
  );
}
