import { ComingSoon } from "../../components/ComingSoon.tsx";

export default function NewUserPage() {
  return (
    <ComingSoon title="New user">
      Create an account for someone else with their name, username and e-mail address.
    </ComingSoon>
  );
}
