import { ComingSoon } from "../../components/ComingSoon.tsx";

export default function ResetPasswordPage() {
  return (
    <ComingSoon title="Reset your passphrase">
      Set a new passphrase with the verification code from the reset e-mail.
    </ComingSoon>
  );
}
