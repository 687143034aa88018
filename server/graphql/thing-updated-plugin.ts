// Subscription thingUpdated(id): the thing's fields and what happened ("update", "action",
// "delete"), whenever the database notifies the topic thing:<id> (triggers in the sensor pipeline
// migration). The thing is read with the subscriber's own role, so RLS applies to every event, and
// a thing the subscriber cannot see is never listened to. The subscription ends with the token's
// session: signed out, it completes and delivers nothing more (server/subscriptions/session-bound.ts).
import { extendSchema, gql } from "postgraphile/utils";
import { context, lambda, listen } from "postgraphile/grafast";
import { jsonParse, type JSONParseStep } from "postgraphile/@dataplan/json";
import { sessionBoundSubscriber } from "../subscriptions/session-bound.ts";

/** What the things' triggers send on `thing:<id>` (pg_notify's JSON). */
type ThingEvent = { event: string; id: string };

export const ThingUpdatedPlugin = extendSchema((build) => {
  const things = build.input.pgRegistry.pgResources.things;
  return {
    typeDefs: gql`
      type ThingSubscriptionPayload {
        "update, action or delete"
        event: String
        thing: Thing
      }
      extend type Subscription {
        "Live changes of one thing: new readings, recorded actions, edits."
        thingUpdated(id: UUID!): ThingSubscriptionPayload
      }
    `,
    objects: {
      Subscription: {
        plans: {
          thingUpdated: {
            subscribePlan(_$root, fieldArgs) {
              const $pgSubscriber = lambda(
                [context().get("pgSubscriber"), context().get("pgSettings"), context().get("withPgClient")],
                // No subscriber (a preset made without one): listen() refuses the subscription itself.
                ([subscriber, settings, withPgClient]) => (subscriber ? sessionBoundSubscriber(subscriber, settings, withPgClient) : null),
              );
              const $id = fieldArgs.getRaw("id");
              // Only a thing the subscriber can see (RLS, as for every read) has a topic to listen
              // to; for any other id the subscription stays silent, so nobody learns when a private
              // thing changes, nor whether it exists (server/test/permissions).
              const $visibleId = things.get({ id: $id }).get("id");
              const $topic = lambda([$id, $visibleId], ([id, visibleId]: readonly [string, string | null]) =>
                visibleId ? `thing:${id}` : "thing:not-visible",
              );
              return listen($pgSubscriber, $topic, jsonParse);
            },
            plan($event) {
              return $event;
            },
          },
        },
      },
      ThingSubscriptionPayload: {
        plans: {
          event($event: JSONParseStep<ThingEvent>) {
            return $event.get("event");
          },
          thing($event: JSONParseStep<ThingEvent>) {
            return things.get({ id: $event.get("id") });
          },
        },
      },
    },
  };
}, "ThingUpdatedPlugin");
