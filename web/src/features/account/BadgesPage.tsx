import { ComingSoon } from "../../components/ComingSoon.tsx";

export default function BadgesPage() {
  return (
    <ComingSoon title="My badges">
      The badges you have earned for signing in, creating, watering, cleaning up and more, level by level.
    </ComingSoon>
  );
}
