import { ComingSoon } from "../../components/ComingSoon.tsx";

export default function UsersPage() {
  return <ComingSoon title="Users">Everyone on the platform, searchable and sortable, as tiles or a list.</ComingSoon>;
}
