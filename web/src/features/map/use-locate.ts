// "Locate me" on the map: asks the browser where the user is, marks it and flies there (the view
// is then the user's); a refusal or failure is said in a notice.
import { useState, type RefObject } from "react";
import type { MapRef } from "react-map-gl/maplibre";
import type { Coordinates } from "../../components/environment/env-format.ts";
import { failureNotice, getCurrentPosition } from "../../lib/geolocation.ts";
import { useNotify } from "../../lib/notices.tsx";

export function useLocate(mapRef: RefObject<MapRef | null>, userMoved: RefObject<boolean>, onLocated: (here: Coordinates) => void) {
  const notify = useNotify();
  const [located, setLocated] = useState<Coordinates | null>(null);
  const [locating, setLocating] = useState(false);

  const locate = async () => {
    setLocating(true);
    try {
      const position = await getCurrentPosition();
      setLocated(position);
      onLocated(position);
      userMoved.current = true;
      mapRef.current?.flyTo({ center: [position.longitude, position.latitude], zoom: Math.max(mapRef.current.getZoom(), 15) });
    } catch (e) {
      notify.negative(failureNotice(e));
    } finally {
      setLocating(false);
    }
  };

  return { located, locating, locate };
}
