// / : the home dashboard (spec section 2). Members: a welcome by name, the map of the things
// around them with its list (issue 21: the map is the home of the app), overview figures, quick
// actions, their things with the One Thing first, tasks assigned to them, devices, groups,
// badges, recent activity, the things' colours at a glance with the way to the map, recent
// things, a gallery of photos and a guided tour (which starts by itself the first time).
// Guests: what this is, public figures and things, recent activity, and sign-in prompts where
// sign-in is needed.
//
// The page is put together in MemberHome.tsx and GuestHome.tsx from cards of their own files
// (MyThingsCard, MemberSideCards, ActivityCard, GallerySection, RecentThingsCard, ...) and the
// building blocks of home-sections.tsx.
import { useSession } from "../../lib/session-context.tsx";
import { GuestHome } from "./GuestHome.tsx";
import { MemberHome } from "./MemberHome.tsx";

export default function HomePage() {
  const { signedIn } = useSession();
  return signedIn ? <MemberHome /> : <GuestHome />;
}
