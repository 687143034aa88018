// Reading import files in the browser (issue 26): register headers mapped to our columns, row
// numbers as in the file, semicolon CSV, GeoJSON features, the file-level refusals, the batches
// within the body limit, and the run that accounts for every row even when a batch fails.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { IMPORT_MESSAGES, ImportFileError, batchesOf, readCsv, readGeoJson, readImportFile, type ImportRow } from "./import-file.ts";
import { runImport } from "./import-run.ts";

describe("a CSV file", () => {
  it("reads the sample tree register: its columns mapped, rows numbered from 2 (after the header)", () => {
    const text = readFileSync(resolve(process.cwd(), "data/tree-register-sample.csv"), "utf8");
    const { rows, unused } = readCsv(text);
    expect(rows).toHaveLength(27);
    expect(unused).toEqual([]);
    expect(rows[0]).toEqual({
      row: 2,
      externalId: "RDG-T1001",
      species: "Platanus x hispanica",
      plantingYear: "1962",
      trunkGirthCm: "230",
      heightClass: "22",
      locationDescription: "London Road",
      latitude: "51.45727",
      longitude: "-0.98404",
    });
    expect(rows[26]).toMatchObject({ row: 28, externalId: "RDG-T1003" });
  });

  it("takes semicolons, a byte order mark and German register headers; lists the columns it does not use", () => {
    const { rows, unused } = readCsv(
      "\uFEFFBaumNr;Art bot.;Pflanzjahr;Stammumfang;Breite;Länge;Eigentümer\nB-1;Tilia cordata;1990;120;52,52;13,40;Bezirk\n",
    );
    expect(rows).toEqual([
      {
        row: 2,
        externalId: "B-1",
        species: "Tilia cordata",
        plantingYear: "1990",
        trunkGirthCm: "120",
        latitude: "52,52",
        longitude: "13,40",
      },
    ]);
    expect(unused).toEqual(["Eigentümer"]);
  });

  it("refuses a file without an id column, an empty one and broken quoting, with what to do", () => {
    expect(() => readCsv("name,latitude,longitude\nA,51,0\n")).toThrow(IMPORT_MESSAGES.noExternalId);
    expect(() => readCsv("id,latitude\n")).toThrow(IMPORT_MESSAGES.empty);
    expect(() => readCsv('id,name\n1,"unclosed\n')).toThrow(ImportFileError);
  });
});

describe("a GeoJSON file", () => {
  it("keeps each feature's geometry and maps its properties; a feature id stands in for an id property", () => {
    const text = JSON.stringify({
      type: "FeatureCollection",
      features: [
        {
          type: "Feature",
          id: 7,
          geometry: { type: "Point", coordinates: [-0.97, 51.45] },
          properties: { species: "Ginkgo", planted: 2001 },
        },
        { type: "Feature", geometry: null, properties: { ref: "X-2", flowers: null } },
      ],
    });
    const { rows } = readImportFile("register.geojson", text);
    expect(rows).toEqual([
      { row: 1, externalId: "7", species: "Ginkgo", plantingYear: "2001", geometry: { type: "Point", coordinates: [-0.97, 51.45] } },
      { row: 2, externalId: "X-2", floweringPlants: "", geometry: null },
    ]);
    expect(() => readGeoJson("{ nope")).toThrow(IMPORT_MESSAGES.badJson);
    expect(() => readGeoJson('{"type":"Feature"}')).toThrow(IMPORT_MESSAGES.notGeoJson);
  });
});

describe("batches and the run", () => {
  const rows: ImportRow[] = Array.from({ length: 1200 }, (_, i) => ({
    row: i + 2,
    externalId: `T-${i}`,
    latitude: "51.45",
    longitude: "-0.97",
  }));

  it("cuts at 500 rows and at the byte budget, in order", () => {
    expect(batchesOf(rows).map((b) => b.length)).toEqual([500, 500, 200]);
    const small = batchesOf(rows, 500, 10_000);
    expect(small.every((b) => JSON.stringify(b).length <= 10_000 + b.length)).toBe(true);
    expect(small.flat().map((r) => r.row)).toEqual(rows.map((r) => r.row));
  });

  it("reports progress after each batch, and a batch refused as a whole rejects its rows with the reason", async () => {
    const progress: [number, number][] = [];
    let call = 0;
    const report = await runImport(
      batchesOf(rows),
      async (batch) => {
        call += 1;
        if (call === 2) throw new Error("Too many attempts; please wait a few minutes and try again");
        return batch.map((r) => ({
          rowNumber: r.row,
          externalId: r.externalId ?? null,
          outcome: "CREATED" as const,
          message: null,
          thingId: null,
        }));
      },
      (done, total) => progress.push([done, total]),
    );
    expect(progress).toEqual([
      [0, 1200],
      [500, 1200],
      [1000, 1200],
      [1200, 1200],
    ]);
    expect(report.counts).toEqual({ CREATED: 700, UPDATED: 0, UNCHANGED: 0, REJECTED: 500 });
    expect(report.results[500]).toMatchObject({
      rowNumber: 502,
      outcome: "REJECTED",
      message: "Too many attempts; please wait a few minutes and try again",
    });
  });
});
