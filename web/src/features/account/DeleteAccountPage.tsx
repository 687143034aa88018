import { ComingSoon } from "../../components/ComingSoon.tsx";

export default function DeleteAccountPage() {
  return (
    <ComingSoon title="Delete account">
      Ask for your account to be deleted; we e-mail you a link to confirm it.
    </ComingSoon>
  );
}
