// /things/import: a group's owners (admins: any group's) load things from a CSV file or GeoJSON
// features, e.g. a council's tree register (issue 26). The file is read here (import-file.ts),
// checked by a dry run that lists every row the import would reject and why, then imported; both
// run batch by batch with a progress bar. Importing the same file again updates, never duplicates
// (rows are matched by their id column within the group).
import { useMemo, useRef, useState, type ChangeEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { useClient, useQuery } from "urql";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { dateSettings } from "../../lib/dates.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { translateServerMessage } from "../../lib/i18n/server-messages.ts";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { errorText } from "../things/errors.ts";
import { SelectField } from "../things/fields.tsx";
import { IMPORT_LIMITS, ImportFileError, batchesOf, readImportFile, type ReadFile } from "./import-file.ts";
import { runImport, type ImportReport, type RowResult } from "./import-run.ts";
import { ImportThingsDocument as ImportThingsMutation } from "./ImportThings.generated.ts";
import { ImportGroupsDocument as ImportGroupsQuery } from "./ImportGroups.generated.ts";
import styles from "./import.module.css";
import { thingsTexts } from "../things/texts.ts";
import { thingWordsTexts } from "../things/thing-words.ts";

type Phase =
  | { kind: "idle" }
  | { kind: "running"; dryRun: boolean; done: number; total: number }
  | { kind: "report"; dryRun: boolean; report: ImportReport };

const number = (n: number) => new Intl.NumberFormat(dateSettings().locale).format(n);

export default function ImportThingsPage() {
  const b = useBranding();
  const t = useT(thingsTexts, thingWordsTexts);
  const brand = { brand: b.key };
  const { admin } = useSession();
  const client = useClient();
  const [params] = useSearchParams();
  const [groupsResult] = useQuery({ query: ImportGroupsQuery, variables: { admin }, requestPolicy: "cache-and-network" });
  const groups = useMemo(() => {
    if (admin) return groupsResult.data?.allGroups?.nodes ?? [];
    return (groupsResult.data?.currentUser?.groupMembershipsByUserId.nodes ?? [])
      .filter((m) => m.isOwner && m.groupByGroupId)
      .map((m) => m.groupByGroupId!)
      .sort((x, y) => x.name.localeCompare(y.name));
  }, [admin, groupsResult.data]);
  const [groupId, setGroupId] = useState(params.get("group") ?? "");
  const [file, setFile] = useState<{ name: string; read: ReadFile } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const cancel = useRef({ cancelled: false });
  const chosenGroup = groups.find((g) => g.id === groupId) ?? null;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    setFile(null);
    setFileError(null);
    setPhase({ kind: "idle" });
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    if (chosen.size > IMPORT_LIMITS.maxBytes) {
      setFileError(t("import.file.tooBig"));
      return;
    }
    try {
      setFile({ name: chosen.name, read: readImportFile(chosen.name, await chosen.text()) });
    } catch (error) {
      setFileError(
        error instanceof ImportFileError ? t(`import.file.${error.problem}`, { detail: error.detail }) : t("import.file.unreadable"),
      );
    }
  };

  const run = async (dryRun: boolean) => {
    if (!file || !chosenGroup) return;
    cancel.current = { cancelled: false };
    const send = async (rows: unknown[]) => {
      const result = await client
        .mutation(ImportThingsMutation, { groupId: chosenGroup.id, rows, dryRun }, { requestPolicy: "network-only" })
        .toPromise();
      const results = result.data?.importThings?.thingImportResults as RowResult[] | undefined;
      if (result.error || !results) throw new Error(errorText(result.error, t("import.noAnswer")));
      return results;
    };
    const report = await runImport(
      batchesOf(file.read.rows),
      send,
      (done, total) => setPhase({ kind: "running", dryRun, done, total }),
      cancel.current,
    );
    setPhase({ kind: "report", dryRun, report });
  };

  if (groupsResult.fetching && !groupsResult.data) return <Loading />;
  const running = phase.kind === "running";
  const checked = phase.kind === "report" && phase.dryRun ? phase.report : null;
  const toWrite = checked ? checked.counts.CREATED + checked.counts.UPDATED : 0;

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t("import.title", brand)}</h1>
      <p className="lead">{t("import.lead", brand)}</p>
      {groups.length === 0 ? (
        <p className="form-error" role="alert">
          {t("import.ownersOnly", brand)}
        </p>
      ) : (
        <div className={`card ${styles.form}`}>
          <SelectField
            label={t("things.filter.group", brand)}
            name="groupId"
            value={groupId}
            disabled={running}
            onChange={(event) => {
              setGroupId(event.target.value);
              setPhase({ kind: "idle" });
            }}
          >
            <option value="">{t("things.form.chooseGroup", brand)}</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </SelectField>
          <div className={`field${fileError ? " field-invalid" : ""}`}>
            <label htmlFor="import-file">{t("import.file")}</label>
            <p id="import-file-hint" className="field-hint">
              {t("import.fileHint")}
            </p>
            <input
              id="import-file"
              type="file"
              accept=".csv,.geojson,.json,text/csv,application/geo+json,application/json"
              disabled={running}
              onChange={onFile}
              aria-describedby={`import-file-hint${fileError ? " import-file-error" : ""}`}
              aria-invalid={fileError ? true : undefined}
            />
            {fileError ? (
              <p id="import-file-error" className="field-error" role="alert">
                {fileError}
              </p>
            ) : null}
          </div>
          {file ? (
            <p>
              {t("import.fileRows", { name: file.name, count: file.read.rows.length })}
              {file.read.unused.length ? ` ${t("import.unused", { columns: file.read.unused.join(", ") })}` : ""}
            </p>
          ) : null}
          <div className="form-actions">
            <button type="button" className="button" disabled={!file || !chosenGroup || running} onClick={() => run(true)}>
              {t("import.check")}
            </button>
            {checked ? (
              <button type="button" className="button" disabled={running || toWrite === 0} onClick={() => run(false)}>
                {t("import.importRows", { count: toWrite })}
              </button>
            ) : null}
            {running ? (
              <button type="button" className="button button-secondary" onClick={() => (cancel.current.cancelled = true)}>
                {t("import.stop")}
              </button>
            ) : null}
          </div>
        </div>
      )}

      {phase.kind === "running" ? (
        <div className={styles.progress}>
          <label htmlFor="import-progress">
            {t("import.progress", { dryRun: phase.dryRun ? "yes" : "no", done: number(phase.done), total: number(phase.total) })}
          </label>
          <progress id="import-progress" value={phase.done} max={phase.total || 1} />
        </div>
      ) : null}

      {phase.kind === "report" ? <ImportReportView dryRun={phase.dryRun} report={phase.report} groupId={chosenGroup?.id ?? null} /> : null}
    </section>
  );
}

function ImportReportView({ dryRun, report, groupId }: { dryRun: boolean; report: ImportReport; groupId: string | null }) {
  const b = useBranding();
  const t = useT(thingsTexts, thingWordsTexts);
  const run = { dryRun: dryRun ? "yes" : "no" };
  const rejected = report.results.filter((r) => r.outcome === "REJECTED");
  const { counts } = report;
  return (
    <section className="card" aria-labelledby="import-report-title" aria-live="polite">
      <h2 id="import-report-title">{t("import.report.title", run)}</h2>
      <ul className={styles.counts}>
        <li>
          {t("import.report.added", run)}: <strong>{number(counts.CREATED)}</strong>
        </li>
        <li>
          {t("import.report.updated", run)}: <strong>{number(counts.UPDATED)}</strong>
        </li>
        <li>
          {t("import.report.unchanged")}: <strong>{number(counts.UNCHANGED)}</strong>
        </li>
        <li>
          {t("import.report.rejected", run)}: <strong>{number(counts.REJECTED)}</strong>
        </li>
      </ul>
      {rejected.length ? (
        <table className={styles.rejected}>
          <caption>{t("import.report.rejectedRows", run)}</caption>
          <thead>
            <tr>
              <th scope="col">{t("import.report.row")}</th>
              <th scope="col">{t("import.report.id")}</th>
              <th scope="col">{t("import.report.why")}</th>
            </tr>
          </thead>
          <tbody>
            {rejected.map((r) => (
              <tr key={`${r.rowNumber}-${r.externalId ?? ""}`}>
                <td>{r.rowNumber}</td>
                <td>{r.externalId ?? "—"}</td>
                <td>{r.message ? translateServerMessage(r.message) : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {!dryRun && groupId ? (
        <p>
          <Link to={paths.group(groupId, "things")}>{t("import.report.seeGroupThings", { brand: b.key })}</Link>
        </p>
      ) : null}
    </section>
  );
}
