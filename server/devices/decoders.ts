// Payload decoders for the Dragino sensors (test/fixtures/README.md has the byte layouts).
// Both send 11 bytes on port 2, big-endian. Values come back in the units the app shows:
// percent, degrees Celsius, microsiemens per centimetre, pH, volts.

export interface Reading {
  water?: number;
  temperature?: number;
  conductivity?: number;
  ph?: number;
  battery?: number;
  probeTemperature?: number;
  probeDetected?: boolean;
  /** mm since the last uplink, from a rain gauge's payload formatter (decoded_payload.rainfall). */
  rainfall?: number;
}

export class PayloadError extends Error {}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

function checkLength(bytes: Buffer, model: string) {
  if (bytes.length !== 11) throw new PayloadError(`${model} payload must be 11 bytes, got ${bytes.length}`);
}

/** LSE01: soil moisture, soil temperature, conductivity, battery, probe temperature. */
export function decodeLse01(bytes: Buffer): Reading {
  checkLength(bytes, "LSE01");
  const flags = bytes[10];
  return {
    battery: round((bytes.readUInt16BE(0) & 0x3fff) / 1000, 3),
    probeTemperature: round(bytes.readInt16BE(2) / 10, 1),
    water: round(bytes.readUInt16BE(4) / 100, 2),
    temperature: round(bytes.readInt16BE(6) / 100, 2),
    conductivity: bytes.readUInt16BE(8),
    probeDetected: (flags & 0x10) !== 0,
  };
}

/** LSPH01: soil pH, soil temperature, battery, probe temperature. */
export function decodeLsph01(bytes: Buffer): Reading {
  checkLength(bytes, "LSPH01");
  return {
    battery: round((bytes.readUInt16BE(0) & 0x3fff) / 1000, 3),
    probeTemperature: round(bytes.readInt16BE(2) / 10, 1),
    ph: round(bytes.readUInt16BE(4) / 100, 2),
    temperature: round(bytes.readInt16BE(6) / 10, 1),
  };
}

export type DeviceModel = "LSE01" | "LSPH01" | "THE_THINGS_UNO";

/** Decodes by model; port 2 carries readings, other ports (and the Uno) carry none. */
export function decodeUplink(model: DeviceModel, fPort: number, bytes: Buffer): Reading {
  if (fPort !== 2 || model === "THE_THINGS_UNO") return {};
  return model === "LSE01" ? decodeLse01(bytes) : decodeLsph01(bytes);
}
