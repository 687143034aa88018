import { ComingSoon } from "../../components/ComingSoon.tsx";

export default function PassphrasePage() {
  return (
    <ComingSoon title="Change passphrase">Change your passphrase: your current one, then the new one twice.</ComingSoon>
  );
}
