import { term } from "../../../../shared/branding.ts";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { useBranding } from "../../lib/config-context.tsx";

export default function NewGroupPage() {
  const b = useBranding();
  return (
    <ComingSoon title={`New ${term(b, "group")}`}>
      Start a {term(b, "group")}: its name, type, description, picture and whether it is public.
    </ComingSoon>
  );
}
