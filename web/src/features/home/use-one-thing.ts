// Choosing (or dropping) the One Thing from the home page's star: saved on the account, kept in
// the session at once, and said in a notice.
import { useMutation } from "urql";
import type { Branding } from "../../../../shared/branding.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { translateServerMessage } from "../../lib/i18n/server-messages.ts";
import { useNotify } from "../../lib/notices.tsx";
import { useSession } from "../../lib/session-context.tsx";
import type { MyThingEntry } from "./home-data.ts";
import { HomeSetOneThingDocument as setOneThingMutation } from "./HomeSetOneThing.generated.ts";
import { homeTexts } from "./texts.ts";

export function useOneThingChoice(myThings: MyThingEntry[], b: Branding) {
  const t = useT(homeTexts);
  const { session, store } = useSession();
  const notify = useNotify();
  const [state, setOneThing] = useMutation(setOneThingMutation);

  const choose = async (thingId: string | null) => {
    if (!session) return;
    const result = await setOneThing({ userId: session.id, thingId });
    if (result.error) {
      const message = result.error.graphQLErrors[0]?.message;
      notify.negative(message ? translateServerMessage(message) : t("home.actionFailed"));
      return;
    }
    const current = store.get();
    if (current) store.set({ ...current, oneThingId: thingId });
    const thing = myThings.find((entry) => entry.thing.id === thingId)?.thing;
    notify.positive(
      thingId && thing ? t("home.oneThing.now", { brand: b.key, name: thing.name }) : t("home.oneThing.none", { brand: b.key }),
    );
  };

  return { choose, busy: state.fetching };
}
