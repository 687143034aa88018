// Loading one device for its page, edit and settings screens (deviceById; null when it does not
// exist or is private to others).
import { useQuery } from "urql";
import { DeviceDetailsDocument as DeviceDetails } from "./DeviceDetails.generated.ts";
import { isUuid } from "./device-meta.ts";

export interface DeviceThing {
  id: string;
  name: string;
  type: string;
  hasImage: boolean;
  indicatorColour: string | null;
}

export interface DeviceRecord {
  id: string;
  nodeId: string;
  name: string;
  deviceId: string;
  model: string;
  isPublic: boolean;
  hasImage: boolean;
  canEdit: boolean | null;
  location: { x: number; y: number };
  indicatorParameter: string;
  indicatorColour: string | null;
  hydrationLevels: unknown;
  water: number | null;
  temperature: number | null;
  conductivity: number | null;
  ph: number | null;
  battery: number | null;
  rssi: number | null;
  snr: number | null;
  ledState: boolean | null;
  lastSensorData: string | null;
  createdAt: string;
  updatedAt: string;
  thingId: string | null;
  thingByThingId: DeviceThing | null;
}

export interface DeviceState {
  device: DeviceRecord | null;
  /** The answer came and there is no such device (or it is hidden from this user). */
  notFound: boolean;
  fetching: boolean;
  error: ReturnType<typeof useQuery>[0]["error"];
  refetch(): void;
}

export function useDevice(id: string): DeviceState {
  const valid = isUuid(id);
  const [result, reexecute] = useQuery({
    query: DeviceDetails,
    variables: { id },
    pause: !valid,
    requestPolicy: "cache-and-network",
  });
  const device = result.data?.deviceById ?? null;
  return {
    device,
    notFound: !valid || (!!result.data && !device && !result.fetching),
    fetching: result.fetching,
    error: result.error,
    refetch: () => reexecute({ requestPolicy: "network-only" }),
  };
}
