import { term } from "../../../../shared/branding.ts";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { useBranding } from "../../lib/config-context.tsx";

export default function NewThingPage() {
  const b = useBranding();
  return (
    <ComingSoon title={`New ${term(b, "thing")}`}>
      Add a {term(b, "thing")}: its name, type, {term(b, "group")}, place on the map, picture and whether it is public.
    </ComingSoon>
  );
}
