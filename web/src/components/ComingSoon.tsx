import type { ReactNode } from "react";
import { useT } from "../lib/i18n/locale-context.tsx";

/**
 * The honest stand-in for a screen whose feature arrives later: its title and one line on what
 * it will hold. Replace the whole file's screen when the feature lands.
 */
export function ComingSoon({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  const t = useT();
  return (
    <section className="page coming-soon" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <p className="lead">{children}</p>
      {extra}
      <p className="muted">{t("common.comingSoon")}</p>
    </section>
  );
}
