// /things/import: a group's owners (admins: any group's) load things from a CSV file or GeoJSON
// features, e.g. a council's tree register (issue 26). The file is read here (import-file.ts),
// checked by a dry run that lists every row the import would reject and why, then imported; both
// run batch by batch with a progress bar. Importing the same file again updates, never duplicates
// (rows are matched by their id column within the group).
import { useMemo, useRef, useState, type ChangeEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { useClient, useQuery } from "urql";
import { term } from "../../../../shared/branding.ts";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { errorText } from "../things/errors.ts";
import { SelectField } from "../things/fields.tsx";
import { IMPORT_LIMITS, IMPORT_MESSAGES, ImportFileError, batchesOf, readImportFile, type ReadFile } from "./import-file.ts";
import { runImport, type ImportReport, type RowResult } from "./import-run.ts";
import { ImportThingsDocument as ImportThingsMutation } from "./ImportThings.generated.ts";
import { ImportGroupsDocument as ImportGroupsQuery } from "./ImportGroups.generated.ts";
import "./import.css";

type Phase = { kind: "idle" } | { kind: "running"; dryRun: boolean; done: number; total: number } | { kind: "report"; dryRun: boolean; report: ImportReport };

const number = (n: number) => new Intl.NumberFormat("en-GB").format(n);

export default function ImportThingsPage() {
  const b = useBranding();
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
  const things = term(b, "things");
  const chosenGroup = groups.find((g) => g.id === groupId) ?? null;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    setFile(null);
    setFileError(null);
    setPhase({ kind: "idle" });
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    if (chosen.size > IMPORT_LIMITS.maxBytes) {
      setFileError(IMPORT_MESSAGES.tooBig);
      return;
    }
    try {
      setFile({ name: chosen.name, read: readImportFile(chosen.name, await chosen.text()) });
    } catch (error) {
      setFileError(error instanceof ImportFileError ? error.message : "The file could not be read");
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
      if (result.error || !results) throw new Error(errorText(result.error, "The server did not answer"));
      return results;
    };
    const report = await runImport(batchesOf(file.read.rows), send, (done, total) => setPhase({ kind: "running", dryRun, done, total }), cancel.current);
    setPhase({ kind: "report", dryRun, report });
  };

  if (groupsResult.fetching && !groupsResult.data) return <Loading />;
  const running = phase.kind === "running";
  const checked = phase.kind === "report" && phase.dryRun ? phase.report : null;
  const toWrite = checked ? checked.counts.CREATED + checked.counts.UPDATED : 0;

  return (
    <section className="page import-page" aria-labelledby="page-title">
      <h1 id="page-title">Import {things}</h1>
      <p className="lead">
        Load {things} from a CSV file or GeoJSON points, such as a council’s tree register. Check the file first: nothing is written
        until you import. Importing the same file again updates the {things} it added before, matched by their id.
      </p>
      {groups.length === 0 ? (
        <p className="form-error" role="alert">
          Only the owners of a {term(b, "group")} (and admins) can import {things} into it. Start a {term(b, "group")} or ask its owners.
        </p>
      ) : (
        <div className="card import-form">
          <SelectField
            label={term(b, "group", true)}
            name="groupId"
            value={groupId}
            disabled={running}
            onChange={(event) => {
              setGroupId(event.target.value);
              setPhase({ kind: "idle" });
            }}
          >
            <option value="">Choose a {term(b, "group")}…</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </SelectField>
          <div className={`field${fileError ? " field-invalid" : ""}`}>
            <label htmlFor="import-file">File (CSV or GeoJSON, up to 10 MB)</label>
            <p id="import-file-hint" className="field-hint">
              A header row with an id column (id, ref, tree id or external id), latitude and longitude (or GeoJSON points), and any of:
              name, type, species, planting year, trunk girth (cm), height, volume (litres), soil area (m²), flowering plants, seasons,
              description, location, public.
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
            <p className="import-file-summary">
              {file.name}: {number(file.read.rows.length)} {file.read.rows.length === 1 ? "row" : "rows"}.
              {file.read.unused.length ? ` Columns not used: ${file.read.unused.join(", ")}.` : ""}
            </p>
          ) : null}
          <div className="form-actions">
            <button type="button" className="button" disabled={!file || !chosenGroup || running} onClick={() => run(true)}>
              Check the file
            </button>
            {checked ? (
              <button type="button" className="button" disabled={running || toWrite === 0} onClick={() => run(false)}>
                Import {number(toWrite)} {toWrite === 1 ? "row" : "rows"}
              </button>
            ) : null}
            {running ? (
              <button type="button" className="button button-secondary" onClick={() => (cancel.current.cancelled = true)}>
                Stop
              </button>
            ) : null}
          </div>
        </div>
      )}

      {phase.kind === "running" ? (
        <div className="import-progress">
          <label htmlFor="import-progress">
            {phase.dryRun ? "Checking" : "Importing"}: {number(phase.done)} of {number(phase.total)} rows
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
  const rejected = report.results.filter((r) => r.outcome === "REJECTED");
  const { counts } = report;
  return (
    <section className="card import-report" aria-labelledby="import-report-title" aria-live="polite">
      <h2 id="import-report-title">{dryRun ? "What the import would do" : "Imported"}</h2>
      <ul className="import-counts">
        <li>
          {dryRun ? "Would add" : "Added"}: <strong>{number(counts.CREATED)}</strong>
        </li>
        <li>
          {dryRun ? "Would update" : "Updated"}: <strong>{number(counts.UPDATED)}</strong>
        </li>
        <li>
          Unchanged: <strong>{number(counts.UNCHANGED)}</strong>
        </li>
        <li>
          {dryRun ? "Would reject" : "Rejected"}: <strong>{number(counts.REJECTED)}</strong>
        </li>
      </ul>
      {rejected.length ? (
        <table className="import-rejected">
          <caption>{dryRun ? "Rows the import would reject" : "Rows not imported"}</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Id</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {rejected.map((r) => (
              <tr key={`${r.rowNumber}-${r.externalId ?? ""}`}>
                <td>{r.rowNumber}</td>
                <td>{r.externalId ?? "—"}</td>
                <td>{r.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {!dryRun && groupId ? (
        <p>
          <Link to={paths.group(groupId, "things")}>See the {term(b, "group")}’s {term(b, "things")}</Link>
        </p>
      ) : null}
    </section>
  );
}
