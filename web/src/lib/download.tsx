// Downloads an export (server/routes/export.ts) with the session's token, so a private thing's
// data comes down for those allowed to see it. Exports live beside the GraphQL endpoint.
import { useState } from "react";
import { useAppConfig } from "./config-context.tsx";
import { useT } from "./i18n/locale-context.tsx";
import { useSession } from "./session-context.tsx";

export function DownloadButton({ path, filename, label }: { path: string; filename: string; label: string }) {
  const t = useT();
  const { graphqlUrl } = useAppConfig();
  const { store } = useSession();
  const [state, setState] = useState<"idle" | "busy" | "failed">("idle");
  const download = async () => {
    setState("busy");
    try {
      const token = store.validToken();
      const res = await fetch(new URL(path, graphqlUrl).toString(), { headers: token ? { authorization: `Bearer ${token}` } : {} });
      if (!res.ok) throw new Error(String(res.status));
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement("a");
      a.href = url;
      a.download = filename;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setState("idle");
    } catch {
      setState("failed");
    }
  };
  return (
    <span className="download-button">
      <button type="button" className="button button-secondary button-small" onClick={download} disabled={state === "busy"}>
        {state === "busy" ? t("download.preparing") : label}
      </button>
      {state === "failed" ? (
        <span className="field-error" role="alert">
          {" "}
          {t("download.failed")}
        </span>
      ) : null}
    </span>
  );
}
