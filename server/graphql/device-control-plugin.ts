// deviceDownPush(deviceId, message): switches a device's pump/LED. The database says whether you
// may (owners and admins); the downlink goes to The Things Stack; only when it is accepted is
// the new state stored (spec section 4).
import { extendSchema, gql } from "postgraphile/utils";
import { lambda, SafeError } from "postgraphile/grafast";
import { withPgClientTransaction } from "postgraphile/@dataplan/pg";
import { pushDownlink, DownlinkError, type DownlinkSettings } from "../devices/downlink.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Target {
  id: string;
  device_id: string;
  model: string;
  can_edit: boolean;
}

export function makeDeviceControlPlugin(settings: DownlinkSettings) {
  return extendSchema((build) => {
    const executor = build.input.pgRegistry.pgExecutors.main;
    return {
      typeDefs: gql`
        input DeviceDownPushInput {
          clientMutationId: String
          "The device's id, or its end-device id (eui-...)."
          deviceId: String!
          "1 switches the pump/LED on, 0 switches it off."
          message: String!
        }
        type DeviceDownPushPayload {
          clientMutationId: String
          success: Boolean!
          ledState: Boolean
          "True when no The Things Stack application is configured and the downlink was only logged."
          simulated: Boolean!
        }
        extend type Mutation {
          "Sends a pump/LED downlink (port 1, normal priority) and stores the new state."
          deviceDownPush(input: DeviceDownPushInput!): DeviceDownPushPayload
        }
      `,
      objects: {
        Mutation: {
          plans: {
            deviceDownPush(_, fieldArgs) {
              const $input = fieldArgs.getRaw("input");
              const $target = withPgClientTransaction(executor, $input, async (client, input: any) => {
                if (input.message !== "1" && input.message !== "0") {
                  throw new SafeError('Message must be "1" (on) or "0" (off)', { code: "INVLD" });
                }
                const key = String(input.deviceId ?? "");
                const { rows } = await client.query<Target>({
                  text: `select id, device_id, model, app_hidden.can_manage_device(id) as can_edit
                         from app_public.devices where ${UUID.test(key) ? "id = $1::uuid" : "device_id = $1"}`,
                  values: [key],
                });
                const target = rows[0];
                if (!target || !target.can_edit) throw new SafeError("Not found, or you are not allowed to change it", { code: "NTFND" });
                if (target.model !== "THE_THINGS_UNO") {
                  throw new SafeError("This device has no pump or LED to switch", { code: "INVLD" });
                }
                return target;
              });
              const $sent = lambda([$input, $target], async ([input, target]: readonly [any, Target]) => {
                try {
                  return await pushDownlink(settings, target.device_id, input.message);
                } catch (e) {
                  if (e instanceof DownlinkError) throw new SafeError(e.message, { code: "DWNLK" });
                  throw e;
                }
              });
              const $stored = withPgClientTransaction(
                executor,
                lambda([$input, $target, $sent], (x) => x),
                async (client, [input, target]: readonly [any, Target, unknown]) => {
                  const { rows } = await client.query<{ led_state: boolean }>({
                    text: "select (app_hidden.set_led_state($1, $2)).led_state",
                    values: [target.id, input.message === "1"],
                  });
                  return rows[0]?.led_state ?? null;
                },
              );
              return lambda([$input, $sent, $stored], ([input, sent, ledState]: readonly [any, { simulated: boolean }, boolean | null]) => ({
                clientMutationId: input.clientMutationId ?? null,
                success: true,
                ledState,
                simulated: sent.simulated,
              }));
            },
          },
        },
      },
    };
  }, "DeviceControlPlugin");
}
