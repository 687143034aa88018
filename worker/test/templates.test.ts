// The send_email payload contract and the templates: links, branding, escaping, clear errors.
import { describe, expect, it } from "vitest";
import { buildEmail, parseSendEmailPayload } from "../mail/render.ts";
import { EmailPayloadError, escapeHtml } from "../mail/compose.ts";
import { brandForDomain, brandName } from "../mail/brand.ts";
import { templateNames } from "../mail/templates/index.ts";

const publicUrl = "https://app.example.org";

function build(template: string, variables: Record<string, unknown>, domainName: string | null = null) {
  return buildEmail({ to: "ann@example.org", template, domainName, variables }, { publicUrl });
}

/** The hrefs of the HTML part, with entities decoded. */
function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replaceAll("&amp;", "&"));
}

const cases: Array<{ template: string; variables: Record<string, unknown>; link: string | null }> = [
  {
    template: "verify_email",
    variables: { name: "Ann Lee", userEmailId: "11111111-2222-3333-4444-555555555555", token: "tok-1" },
    link: `${publicUrl}/verify?id=11111111-2222-3333-4444-555555555555&token=tok-1`,
  },
  {
    template: "password_reset",
    variables: { name: "Ann Lee", userId: "u-1", token: "tok-2" },
    link: `${publicUrl}/reset?userId=u-1&token=tok-2`,
  },
  {
    template: "account_deletion",
    variables: { name: "Ann Lee", token: "tok-3" },
    link: `${publicUrl}/account/delete?token=tok-3`,
  },
  {
    template: "new_user",
    variables: { name: "Ann Lee", username: "ann_lee", userId: 42, token: "tok-4" },
    link: `${publicUrl}/reset?userId=42&token=tok-4`,
  },
  {
    template: "invitation",
    variables: { inviterName: "Bob", kind: "thing", targetName: "Oak on the green", invitationId: "inv-1", code: "c0de" },
    link: `${publicUrl}/things/accept?id=inv-1&code=c0de`,
  },
  {
    template: "invitation",
    variables: { inviterName: "Bob", kind: "device", targetName: "eui-0001", invitationId: "inv-2", code: "c0de" },
    link: `${publicUrl}/devices/accept?id=inv-2&code=c0de`,
  },
  {
    template: "invitation",
    variables: { inviterName: "Bob", kind: "group", targetName: "Orchard friends", invitationId: "inv-3", code: "c0de" },
    link: `${publicUrl}/groups/accept?id=inv-3&code=c0de`,
  },
  { template: "password_changed", variables: { name: "Ann Lee" }, link: null },
  {
    template: "notification",
    variables: { name: "Ann Lee", title: "Task assigned", body: "Water the planter", linkPath: "/tasks", linkLabel: "See your tasks" },
    link: `${publicUrl}/tasks`,
  },
  {
    template: "daily_digest",
    variables: {
      name: "Ann Lee",
      things: [{ id: "t1", name: "Big Planter", colour: "red", band: "dry", water: 12.4 }],
      tasks: [{ title: "Water it", dueDate: "2026-11-23", overdue: false, thingName: "Big Planter" }],
      activity: [{ type: "LITTER_CLEANUP", thingName: "Bench", by: "Bo" }],
    },
    link: `${publicUrl}/`,
  },
  {
    template: "notice_digest",
    variables: {
      name: "Ann Lee",
      frequency: "weekly",
      notices: [{ title: "Due tomorrow: Water it", body: "The task is due tomorrow.", linkPath: "/tasks" }],
    },
    link: `${publicUrl}/tasks`,
  },
];

describe("e-mail templates", () => {
  it("the daily digest lists things with what to do, tasks and activity in both parts", () => {
    const email = buildEmail(
      {
        to: "a@example.com",
        template: "daily_digest",
        domainName: null,
        variables: {
          name: "Ann",
          things: [{ id: "t1", name: "Big Planter", colour: "red", band: "dry", water: 12.4 }],
          tasks: [{ title: "Water it", dueDate: "2020-01-01", overdue: true, thingName: "Big Planter" }],
          activity: [{ type: "LITTER_CLEANUP", thingName: "Bench", by: "Bo" }],
        },
      },
      { publicUrl },
    );
    expect(email.text).toContain("- Big Planter is dry and needs water now (12% moisture)");
    expect(email.text).toContain("- Water it at Big Planter — overdue since 2020-01-01");
    expect(email.text).toContain("- Bo: litter cleanup at Bench");
    expect(email.html).toContain("<li>Big Planter is dry and needs water now (12% moisture)</li>");
    expect(email.text).toContain("1 of your things needs attention today.");
  });

  it("the daily digest says each thing's water need with its reason when it is known", () => {
    const email = buildEmail(
      {
        to: "a@example.com",
        template: "daily_digest",
        domainName: null,
        variables: {
          name: "Ann",
          things: [
            {
              id: "t1",
              name: "Oak",
              colour: "grey",
              band: null,
              water: null,
              waterNeed: "needs_water",
              waterNeedReason: "no watering recorded for 9 days; 1 mm rain since",
            },
            {
              id: "t2",
              name: "Herbs",
              colour: "grey",
              band: null,
              water: null,
              waterNeed: "due_soon",
              waterNeedReason: "watered 2 days ago with 10 L; no rain since; hot days ahead",
            },
            { id: "t3", name: "Bench", colour: "grey", band: null, water: null, waterNeed: "fine", waterNeedReason: "needs no watering" },
            { id: "t4", name: "New Bed", colour: "grey", band: null, water: null, waterNeed: "unknown", waterNeedReason: null },
          ],
          tasks: [],
          activity: [],
        },
      },
      { publicUrl },
    );
    expect(email.text).toContain("2 of your things need attention today.");
    expect(email.text).toContain("- Oak needs water: no watering recorded for 9 days; 1 mm rain since");
    expect(email.text).toContain("- Herbs will need water soon: watered 2 days ago with 10 L; no rain since; hot days ahead");
    expect(email.text).toContain("- Bench is fine: needs no watering");
    expect(email.text).toContain("- New Bed has no recent reading");
  });

  it("refuses a notification link that is not a path on the app", () => {
    expect(() =>
      buildEmail(
        {
          to: "a@example.com",
          template: "notification",
          domainName: null,
          variables: { title: "T", body: "B", linkPath: "https://evil.example" },
        },
        { publicUrl },
      ),
    ).toThrow(/must be a path on the app/);
  });

  it("covers every template in the registry", () => {
    expect(new Set(cases.map((c) => c.template))).toEqual(new Set(templateNames));
  });

  for (const c of cases) {
    it(`${c.template}${c.variables.kind ? ` (${c.variables.kind})` : ""}: both parts, brand name and the absolute link`, () => {
      const email = build(c.template, c.variables);
      expect(email.to).toBe("ann@example.org");
      expect(email.subject).toContain("Steward");
      expect(email.text).toContain("Steward");
      expect(email.html).toContain("Steward");
      expect(email.html).toMatch(/^<!DOCTYPE html>/);
      // Notices about the user's own things end with a link to their e-mail preferences.
      const preferences = ["notification", "daily_digest"].includes(c.template)
        ? [`${publicUrl}/account/profile`]
        : c.template === "notice_digest"
          ? [`${publicUrl}/account/notices`]
          : [];
      if (c.link) {
        expect(email.links).toEqual([c.link, ...preferences]);
        expect(email.text).toContain(c.link);
        expect(hrefs(email.html)).toContain(c.link);
      } else {
        expect(email.links).toEqual([]);
        expect(email.html).not.toContain("href=");
      }
      if (typeof c.variables.name === "string") {
        expect(email.text).toContain(`Hello ${c.variables.name},`);
        expect(email.html).toContain(`Hello ${c.variables.name},`);
      }
    });
  }

  it("names the inviter and the target in an invitation", () => {
    const email = build("invitation", cases[4].variables);
    expect(email.subject).toBe("Bob invited you to look after the thing “Oak on the green” on Steward");
    expect(email.text).toContain("sign in (or register) with this e-mail address");
    expect(build("invitation", cases[6].variables).subject).toBe("Bob invited you to join the group “Orchard friends” on Steward");
  });

  it("uses the bee variant's name and words for a bee host (shared/branding.ts, plus BRAND_HOSTS)", () => {
    expect(brandName("bee.localhost")).toBe("Bee Cafe");
    expect(brandName("BeeCafe.example.org:3000")).toBe("Bee Cafe");
    expect(brandName("https://www.beecafe.example.org/x")).toBe("Bee Cafe");
    expect(brandName("steward.example.org")).toBe("Steward");
    expect(brandName("bees.example.org")).toBe("Steward");
    expect(brandName("bees.example.org", ["bees.example.org"])).toBe("Bee Cafe");
    expect(brandName(null)).toBe("Steward");
    expect(brandName("")).toBe("Steward");
    expect(brandForDomain("bee.localhost").terms).toMatchObject({ thing: "cafe", group: "beepass", device: "device" });

    const thing = build("invitation", cases[4].variables, "beecafe.example.org");
    expect(thing.subject).toBe("Bob invited you to look after the cafe “Oak on the green” on Bee Cafe");
    expect(thing.html).toContain("Bee Cafe");
    expect(thing.html).not.toContain("Steward");
    expect(thing.text).not.toContain("Steward");
    const group = build("invitation", cases[6].variables, "beecafe.example.org");
    expect(group.subject).toBe("Bob invited you to join the beepass “Orchard friends” on Bee Cafe");
    const viaEnv = buildEmail(
      { to: "ann@example.org", template: "verify_email", domainName: "bees.example.org", variables: cases[0].variables },
      { publicUrl, brandHosts: ["bees.example.org"] },
    );
    expect(viaEnv.subject).toBe("Confirm your e-mail address for Bee Cafe");
  });

  it("escapes variables in the HTML part and keeps them verbatim in the text part", () => {
    const nasty = `<script>alert("x")</script> & 'co'`;
    const email = build("invitation", { inviterName: nasty, kind: "group", targetName: "<b>G</b>", invitationId: "1", code: "a&b<c>" });
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain("<b>G</b>");
    expect(email.html).toContain(escapeHtml(nasty));
    expect(email.html).toContain("&lt;b&gt;G&lt;/b&gt;");
    expect(email.text).toContain(nasty);
    // Query values are URL-encoded in the link, and the link is attribute-escaped in the HTML.
    expect(email.links).toEqual([`${publicUrl}/groups/accept?id=1&code=a%26b%3Cc%3E`]);
    expect(email.html).toContain(`href="${publicUrl}/groups/accept?id=1&amp;code=a%26b%3Cc%3E"`);
  });

  it("keeps a subject on one line whatever the variables hold", () => {
    const email = build("invitation", {
      inviterName: "Eve\r\nBcc: x@evil.test",
      kind: "thing",
      targetName: "T\nX",
      invitationId: "1",
      code: "c",
    });
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.subject).toBe("Eve Bcc: x@evil.test invited you to look after the thing “T X” on Steward");
  });

  it("builds links under a PUBLIC_URL with a path prefix", () => {
    const email = buildEmail(
      { to: "ann@example.org", template: "account_deletion", domainName: null, variables: { token: "t t" } },
      { publicUrl: "https://example.org/steward" },
    );
    expect(email.links).toEqual(["https://example.org/steward/account/delete?token=t+t"]);
  });

  it("greets without a name when none is given", () => {
    const email = build("password_changed", {});
    expect(email.text.startsWith("Hello,\n")).toBe(true);
  });
});

describe("send_email payload errors", () => {
  const valid = { to: "ann@example.org", template: "account_deletion", domainName: null, variables: { token: "t" } };
  const errorOf = (payload: unknown) => {
    try {
      buildEmail(payload, { publicUrl });
    } catch (e) {
      expect(e).toBeInstanceOf(EmailPayloadError);
      return (e as Error).message;
    }
    throw new Error("expected an error");
  };

  it("accepts a valid payload, with or without domainName", () => {
    expect(parseSendEmailPayload(valid).to).toBe("ann@example.org");
    const { domainName: _omit, ...noDomain } = valid;
    expect(parseSendEmailPayload(noDomain).domainName).toBeNull();
  });

  it("names an unknown template and the known ones", () => {
    expect(errorOf({ ...valid, template: "welcome_pack" })).toBe(
      `send_email: unknown template "welcome_pack" (known: ${templateNames.join(", ")})`,
    );
    expect(errorOf({ ...valid, template: "toString" })).toMatch(/unknown template "toString"/);
  });

  it("rejects a payload that is not an object", () => {
    expect(errorOf(null)).toMatch(/payload must be a JSON object/);
    expect(errorOf("x")).toMatch(/payload must be a JSON object/);
  });

  it("rejects a missing, malformed or multiple recipient", () => {
    expect(errorOf({ ...valid, to: undefined })).toMatch(/"to" must be one e-mail address \(got nothing\)/);
    expect(errorOf({ ...valid, to: "not-an-address" })).toMatch(/"to" must be one e-mail address/);
    expect(errorOf({ ...valid, to: "a@b.c, d@e.f" })).toMatch(/"to" must be one e-mail address/);
    expect(errorOf({ ...valid, to: "a@b.c\r\nBcc: d@e.f" })).toMatch(/"to" must be one e-mail address/);
    expect(errorOf({ ...valid, to: "Ann <a@b.c>" })).toMatch(/"to" must be one e-mail address/);
  });

  it("names a missing or wrong variable", () => {
    expect(errorOf({ ...valid, variables: {} })).toBe(
      'send_email: template "account_deletion": variable "token" must be a non-empty string (it is missing)',
    );
    expect(errorOf({ ...valid, template: "verify_email", variables: { token: "t", userEmailId: { x: 1 } } })).toMatch(
      /variable "userEmailId" must be an id/,
    );
    expect(
      errorOf({ ...valid, template: "invitation", variables: { kind: "planet", targetName: "x", invitationId: 1, code: "c" } }),
    ).toMatch(/variable "kind" must be one of "thing", "device", "group" \(it is "planet"\)/);
    expect(errorOf({ ...valid, variables: [1] })).toMatch(/"variables" must be a JSON object/);
    expect(errorOf({ ...valid, domainName: 5 })).toMatch(/"domainName" must be a host name or null/);
  });
});
