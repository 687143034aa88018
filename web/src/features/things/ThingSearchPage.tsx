import { term } from "../../../../shared/branding.ts";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { useBranding } from "../../lib/config-context.tsx";

export default function ThingSearchPage() {
  const b = useBranding();
  return (
    <ComingSoon title={`Search ${term(b, "things")}`}>Find {term(b, "things")} by name, type or place.</ComingSoon>
  );
}
