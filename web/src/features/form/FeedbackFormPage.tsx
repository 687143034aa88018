import { term } from "../../../../shared/branding.ts";
import { ComingSoon } from "../../components/ComingSoon.tsx";
import { useBranding } from "../../lib/config-context.tsx";

export default function FeedbackFormPage() {
  const b = useBranding();
  return (
    <ComingSoon title="Feedback">
      Send us a subject and a message, optionally about one of your {term(b, "things")}; the admins read every one.
    </ComingSoon>
  );
}
