// The stored picture of a device (or its thing) as a URL on the API's origin, following pictures
// just changed in this browser (Avatar's remembered versions); null when it has none.
import { useCallback } from "react";
import { apiUrl, imagePath, type ImageType, type ImageVariant } from "../../components/Avatar.tsx";
import { useAppConfig } from "../../lib/config-context.tsx";

export function useDevicePicture() {
  const { graphqlUrl } = useAppConfig();
  return useCallback(
    (record: { id: string; hasImage?: boolean | null }, variant: ImageVariant = "thumb", type: ImageType = "device") =>
      record.hasImage ? apiUrl(imagePath(type, record.id, variant), graphqlUrl) : null,
    [graphqlUrl],
  );
}
