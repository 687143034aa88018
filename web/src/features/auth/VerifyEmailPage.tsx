import { ComingSoon } from "../../components/ComingSoon.tsx";

export default function VerifyEmailPage() {
  return (
    <ComingSoon title="Verify your e-mail">
      Confirms an e-mail address with the code from the verification link we send you.
    </ComingSoon>
  );
}
