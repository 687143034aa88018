// The known texts cover every message the database can raise at a person and every validation
// message the forms share with it, and the German pairs with the English. A raise text added to
// the SQL without an entry here fails this test (and would otherwise reach German readers in
// English).
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { catalogueProblems } from "../../../../../shared/i18n/catalogue-check.ts";
import { MESSAGES } from "../../../../../shared/validation.ts";
import { ATTRIBUTE_MESSAGES } from "../../../features/things/thing-attributes.ts";
import { makeMessageTranslator } from "../server-messages.ts";
import { knownDe } from "./de.ts";
import { knownEn } from "./en-GB.ts";

// import.meta.url is not a file URL under jsdom; the module's directory is.
const schemaPath = resolve(import.meta.dirname, "../../../../../db/schema.sql");

const ADD_IT = "add it to web/src/lib/i18n/known-texts/en-GB.ts and de.ts";

/**
 * Raise texts no person is shown, so not in the catalogue. Keep each with its reason; a text
 * that could reach a screen (or that you are unsure about) belongs in the catalogue instead.
 */
const NOT_SHOWN = new Set([
  // A message raised as a value: its texts are the literals passed to app_hidden.invalid and
  // app_hidden.import_number, which this test reads too.
  "%",
  // graphile-worker's own add_job check.
  "Invalid job_key_mode value, expected 'replace', 'preserve_run_at' or 'unsafe_dedupe'.",
  // app_private.prepare_sensor_data_partitions: the worker's monthly job passes a constant.
  "p_months must be between 0 and 24",
  // app_private.ingest_uplinks: the TTN webhook's ingester always passes arrays of one length.
  "Uplink arrays must have the same length",
  // app_private.rebuild_sensor_rollups: run by an operator in psql (and by tests and bench).
  "Give a range of at least one whole UTC day",
  "Raw readings before % are gone: their sums cannot be rebuilt",
  // app_private.roll_up_sensor_hours: the worker's sensor_rollups job passes a constant.
  "p_limit must be at least 1",
  // sync_navigation_events: caught per event and returned to the analytics tracker, which only
  // logs them (web/src/lib/analytics/tracker.ts).
  "is not an object",
  "to must be a path starting with /",
  "paths must be at most 500 characters",
  "from must be a path starting with /",
  "timestamp is not a time",
  "timestamp is required",
  "timestamp is in the future",
  "timestamp is older than the 30-day retention",
  "timeSpent is not a number",
  "timeSpent must be between 0 and 86400000 ms",
]);

/** A SQL string literal's text ('' is an escaped quote). */
const unquote = (literal: string) => literal.replace(/''/g, "'");

/** Every text the schema raises at a person, as written in the SQL (with its % placeholders). */
function raisedTexts(sql: string): string[] {
  const texts = new Set<string>();
  for (const match of sql.matchAll(/raise\s+exception\s+'((?:[^']|'')*)'/gi)) texts.add(unquote(match[1]));
  // Messages passed on as values: app_hidden.invalid('…') (the check_* functions and check
  // constraints) and app_hidden.import_number(value, '…').
  for (const match of sql.matchAll(/app_hidden\.invalid\('((?:[^']|'')*)'/g)) texts.add(unquote(match[1]));
  // (The message is the call's last argument: the last literal before ")" on its line, as the
  // value may itself be a call with literals.)
  for (const match of sql.matchAll(/app_hidden\.import_number\([^\n]*,\s*'((?:[^']|'')*)'\)/g)) texts.add(unquote(match[1]));
  return [...texts].filter((text) => !NOT_SHOWN.has(text));
}

/**
 * The messages a SQL text can become, with sample values for its % (%% is a literal %). The
 * server chooses "minute" or "minutes" by the value, so both are tried; a value the server
 * fills with a word of its own (the kind of a history entry) is tried as such a word.
 */
function samplesOf(text: string): string[][] {
  const variants = /% minute%/.test(text) ? [text.replace("% minute%", "1 minute"), text.replace("% minute%", "7 minutes")] : [text];
  return variants.map((variant) => ["3", "Quercus x", "thing"].map((value) => variant.replace(/%%|%/g, (m) => (m === "%%" ? "%" : value))));
}

// Only entries written for a text: the catch-alls for PostgreSQL's own complaints about a column
// or table (server/graphql/errors.ts badValue) would otherwise "recognise" any new
// "... is required" or "The ... it refers to does not exist".
const CATCH_ALLS = new Set(["errors.valueRequired", "errors.refersToNothing"]);
const specificEn = Object.fromEntries(Object.entries(knownEn).filter(([key]) => !CATCH_ALLS.has(key)));
const toGerman = makeMessageTranslator("de", knownEn, knownDe);
const recognisedBySpecific = makeMessageTranslator("de", specificEn, knownDe);

describe("the known texts", () => {
  it("have a German text for every key, with the same placeholders", () => {
    expect(catalogueProblems(knownEn, knownDe, "de")).toEqual([]);
  });

  it("are each written once (two keys for one text would make one of them unreachable)", () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [key, text] of Object.entries(knownEn)) {
      if (seen.has(text)) twice.push(`${seen.get(text)} and ${key}: "${text}"`);
      seen.set(text, key);
    }
    expect(twice).toEqual([]);
  });

  it("use only {0}, {1}, ... placeholders, each in both languages", () => {
    const wrong = Object.entries(knownEn)
      .filter(([, text]) => /\{(?!\d+\})/.test(text))
      .map(([key]) => key);
    expect(wrong).toEqual([]);
  });

  it("differ in German from the English (a text left in English is not translated)", () => {
    const same = Object.entries(knownEn)
      .filter(([key, text]) => knownDe[key as keyof typeof knownDe] === text)
      .map(([key]) => key);
    expect(same).toEqual([]);
  });

  it("include every validation message the forms share with the database (shared/validation.ts)", () => {
    const texts = new Set<string>(Object.values(knownEn));
    const missing = Object.values(MESSAGES).filter((message) => !texts.has(message));
    expect(missing, `validation messages not in the known texts: ${ADD_IT}`).toEqual([]);
  });

  it("include every message the thing form checks before sending (features/things/thing-attributes.ts)", () => {
    const texts = new Set<string>(Object.values(knownEn));
    const missing = Object.values(ATTRIBUTE_MESSAGES).filter((message) => !texts.has(message));
    expect(missing, `thing form messages not in the known texts: ${ADD_IT}`).toEqual([]);
  });

  describe.skipIf(!existsSync(schemaPath))("and every text db/schema.sql raises at a person", () => {
    const texts = existsSync(schemaPath) ? raisedTexts(readFileSync(schemaPath, "utf8")) : [];

    it("are read from the schema", () => {
      // The schema raises well over a hundred texts; far fewer means the reading broke.
      expect(texts.length).toBeGreaterThan(150);
    });

    it("are recognised, with values in their places", () => {
      const missing = texts.filter((text) =>
        samplesOf(text).some((tries) => !tries.some((message) => recognisedBySpecific(message) !== message)),
      );
      expect(missing, `raise texts of db/schema.sql without a known text: ${ADD_IT}`).toEqual([]);
    });

    it("keep their skip list true (every skipped text is still raised)", () => {
      const sql = readFileSync(schemaPath, "utf8");
      const gone = [...NOT_SHOWN].filter((text) => !sql.includes(`'${text.replace(/'/g, "''")}'`));
      expect(gone, "remove these from NOT_SHOWN").toEqual([]);
    });
  });

  it("say real messages in German, with the server's values", () => {
    expect(toGerman('Unknown species "Quercus x": use a botanical, English or German name from the species list')).toBe(
      "Unbekannte Art „Quercus x“: Verwende einen botanischen, englischen oder deutschen Namen aus der Artenliste",
    );
    expect(toGerman("Query is too large: 20,000 bytes, at most 16,384 are allowed")).toBe(
      "Die Abfrage ist zu groß: 20,000 Bytes, höchstens 16,384 sind erlaubt",
    );
    expect(toGerman("You can send people up to 30 e-mail notices an hour. Please try again in 1 minute.")).toBe(
      "Du kannst anderen bis zu 30 E-Mail-Hinweise pro Stunde schicken. Bitte versuche es in einer Minute noch einmal.",
    );
    expect(toGerman("You can send people up to 30 e-mail notices an hour. Please try again in 12 minutes.")).toBe(
      "Du kannst anderen bis zu 30 E-Mail-Hinweise pro Stunde schicken. Bitte versuche es in 12 Minuten noch einmal.",
    );
    expect(toGerman("External id T-17 appears more than once (first in row 4)")).toBe(
      "Die externe ID T-17 kommt mehr als einmal vor (zuerst in Zeile 4)",
    );
    expect(toGerman("This device was not found")).toBe("Dieses Gerät wurde nicht gefunden");
    expect(toGerman("Only the owners of the group and admins can restore an earlier version")).toBe(
      "Nur die Besitzer der Gruppe und Admins können eine frühere Version wiederherstellen",
    );
    expect(toGerman("Only points can be imported, not a geometry without a type")).toBe(
      "Nur Punkte können importiert werden, keine Geometrie ohne Typ",
    );
    expect(toGerman("Only points can be imported, not a Polygon")).toBe("Nur Punkte können importiert werden, kein Polygon");
    expect(toGerman("Passphrase must contain a number")).toBe("Die Passphrase muss eine Ziffer enthalten");
    expect(toGerman("Thing id is required")).toBe("Angabe fehlt: Thing id");
    expect(toGerman("The user it refers to does not exist")).toBe("Die Person, auf die verwiesen wird, existiert nicht");
  });
});
