import { ComingSoon } from "../../components/ComingSoon.tsx";

export default function ConfirmDeletionPage() {
  return (
    <ComingSoon title="Confirm account deletion">
      Confirms the permanent deletion of your account with the token from the e-mail link.
    </ComingSoon>
  );
}
