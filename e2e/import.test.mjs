// Browser test of the bulk import (issue 26): a group's owner uploads the sample tree register
// (data/tree-register-sample.csv), sees the dry run's report with every row it would reject and
// why, imports, and finds the trees in the group, each with its species on its page.
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { BASE_URL, callApi, registerUser, startSignedIn, uniqueUsername, withPage } from "./helpers.mjs";

const SAMPLE = join(import.meta.dirname, "..", "data", "tree-register-sample.csv");

test("a group owner checks the sample tree register, sees the rejected rows and why, imports it and sees the trees", async (t) => {
  const user = await registerUser();
  const group = (
    await callApi(
      `mutation CreateGroup($name: String!) { createGroup(input: { name: $name, type: COUNCIL, isPublic: true }) { group { id name } } }`,
      { name: `Borough ${uniqueUsername("b").slice(1, 9)}` },
      user.token,
    )
  ).createGroup.group;

  await withPage(t, async (page) => {
    await startSignedIn(page, user);
    await page.goto(`${BASE_URL}/things/import?group=${group.id}`);
    await page.getByRole("heading", { level: 1, name: "Import things" }).waitFor();
    assert.equal(await page.getByLabel("Group", { exact: true }).inputValue(), group.id);

    // Slow the batches down a little so the progress bar can be seen.
    await page.route("**/graphql", async (route) => {
      if (route.request().postData()?.includes('"operationName":"ImportThings"')) await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });

    await page.locator("#import-file").setInputFiles(SAMPLE);
    await page.getByText("tree-register-sample.csv: 27 rows.").waitFor();
    await page.getByRole("button", { name: "Check the file" }).click();
    await page.getByRole("progressbar").waitFor();
    await page.getByText(/^Checking: 0 of 27 rows/).waitFor();

    const report = page.getByRole("region", { name: "What the import would do" });
    await report.waitFor();
    assert.match(await report.innerText(), /Would add: 22/);
    assert.match(await report.innerText(), /Would reject: 5/);
    const rejected = await report.getByRole("table").getByRole("row").allInnerTexts();
    assert.deepEqual(
      rejected.slice(1).map((r) => r.replace(/\s+/g, " ").trim()),
      [
        '24 RDG-T1023 Unknown species "Acer griseum": use a botanical, English or German name from the species list',
        "25 RDG-T1024 Latitude is required",
        "26 RDG-T1025 Latitude must be between -90 and 90",
        "27 RDG-T1026 Planting year must be between 1500 and this year",
        "28 RDG-T1003 External id RDG-T1003 appears more than once (first in row 4)",
      ],
    );
    // Nothing was written by the check.
    const before = await callApi(
      `query G($id: UUID!) { groupById(id: $id) { thingsByGroupId { totalCount } } }`,
      { id: group.id },
      user.token,
    );
    assert.equal(before.groupById.thingsByGroupId.totalCount, 0);

    await page.getByRole("button", { name: "Import 22 rows" }).click();
    const done = page.getByRole("region", { name: "Imported" });
    await done.waitFor();
    assert.match(await done.innerText(), /Added: 22/);
    assert.match(await done.innerText(), /Rejected: 5/);

    await done.getByRole("link", { name: /See the group’s things/ }).click();
    await page.getByText("London plane RDG-T1001").first().waitFor();
    const after = await callApi(
      `query G($id: UUID!) { groupById(id: $id) { thingsByGroupId { totalCount } } }`,
      { id: group.id },
      user.token,
    );
    assert.equal(after.groupById.thingsByGroupId.totalCount, 22);

    // Its page shows what the register said.
    await page.getByText("London plane RDG-T1001").first().click();
    await page.getByRole("heading", { level: 1, name: "London plane RDG-T1001" }).waitFor();
    const about = page.getByRole("region", { name: "About this thing" });
    await about.getByText("Platanus × hispanica").waitFor();
    assert.match(await about.innerText(), /Planted\s+1962/);
    assert.match(await about.innerText(), /Trunk girth\s+230 cm/);
    assert.match(await about.innerText(), /Register id\s+RDG-T1001/);
    assert.match(await about.innerText(), /established tree/);
  });
});
