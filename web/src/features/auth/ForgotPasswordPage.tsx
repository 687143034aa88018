import { ComingSoon } from "../../components/ComingSoon.tsx";

export default function ForgotPasswordPage() {
  return (
    <ComingSoon title="Forgot your passphrase?">
      Enter your e-mail address and we will send you a link to set a new passphrase.
    </ComingSoon>
  );
}
