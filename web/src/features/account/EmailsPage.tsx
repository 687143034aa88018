import { ComingSoon } from "../../components/ComingSoon.tsx";

export default function EmailsPage() {
  return (
    <ComingSoon title="E-mail addresses">
      Add, verify, remove and choose the primary one of your e-mail addresses.
    </ComingSoon>
  );
}
