// Subscription notificationAdded: the signed-in user's new notifications, live (the bell in the
// header). The topic comes from the verified token, never from an argument, so nobody can listen
// to someone else's; the notification itself is read with the user's role (RLS applies). The
// subscription ends with the token's session: signed out, it completes and delivers nothing more
// (server/subscriptions/session-bound.ts).
import { extendSchema, gql } from "postgraphile/utils";
import { context, lambda, listen } from "postgraphile/grafast";
import { jsonParse, type JSONParseStep } from "postgraphile/@dataplan/json";
import { sessionBoundSubscriber } from "../subscriptions/session-bound.ts";

/** What the notifications trigger sends on `user:<id>` (pg_notify's JSON). */
type NotificationEvent = { event: string; id: string };

export const NotificationAddedPlugin = extendSchema((build) => {
  const notifications = build.input.pgRegistry.pgResources.notifications;
  return {
    typeDefs: gql`
      type NotificationSubscriptionPayload {
        event: String
        notification: Notification
      }
      extend type Subscription {
        "Your new notifications as they are raised (nothing for guests)."
        notificationAdded: NotificationSubscriptionPayload
      }
    `,
    objects: {
      Subscription: {
        plans: {
          notificationAdded: {
            subscribePlan() {
              const $pgSubscriber = lambda(
                [context().get("pgSubscriber"), context().get("pgSettings"), context().get("withPgClient")],
                // No subscriber (a preset made without one): listen() refuses the subscription itself.
                ([subscriber, settings, withPgClient]) => (subscriber ? sessionBoundSubscriber(subscriber, settings, withPgClient) : null),
              );
              const $topic = lambda(context().get("pgSettings"), (settings: Record<string, string | undefined> | null) => {
                const userId = settings?.["jwt.claims.user_id"];
                // Guests have no notifications: an unused topic keeps the subscription quiet.
                return settings?.role && settings.role !== "bk_anonymous" && userId ? `user:${userId}` : "user:nobody";
              });
              return listen($pgSubscriber, $topic, jsonParse);
            },
            plan($event) {
              return $event;
            },
          },
        },
      },
      NotificationSubscriptionPayload: {
        plans: {
          event($event: JSONParseStep<NotificationEvent>) {
            return $event.get("event");
          },
          notification($event: JSONParseStep<NotificationEvent>) {
            return notifications.get({ id: $event.get("id") });
          },
        },
      },
    },
  };
}, "NotificationAddedPlugin");
