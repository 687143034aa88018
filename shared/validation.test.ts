import { describe, expect, it } from "vitest";
import {
  MESSAGES,
  parseLitres,
  validateLitres,
  charLength,
  firstError,
  validateDeviceId,
  validateEmail,
  validateName,
  validatePassphrase,
  validatePassphraseConfirmation,
  validateRequired,
  validateUsername,
} from "./validation.ts";

describe("messages", () => {
  it("are the exact texts the database raises", () => {
    expect(MESSAGES).toMatchObject({
      mandatory: "This field is mandatory",
      nameRequired: "Name is required",
      nameLength: "Name must be between 3 and 255 characters",
      nameCharacters: "Name may contain only letters, spaces, hyphens and apostrophes",
      usernameRequired: "Username is required",
      usernameTooShort: "Username must be at least 2 characters long",
      usernameTooLong: "Username must be less than 24 characters",
      usernameStart: "Username must start with a letter",
      usernameCharacters: "Username may contain only letters, numbers, underscores and hyphens",
      usernameConsecutive: "Username cannot contain consecutive underscores or hyphens",
      emailRequired: "Email is required",
      emailLength: "Email must be between 3 and 255 characters",
      emailInvalid: "Email must be a valid address",
      passphraseRequired: "Passphrase is required",
      passphraseLength: "Passphrase must be at least 8 characters long",
      passphraseUppercase: "Passphrase must contain an uppercase letter",
      passphraseLowercase: "Passphrase must contain a lowercase letter",
      passphraseNumber: "Passphrase must contain a number",
      passphraseMismatch: "Passphrases do not match",
      deviceIdPrefix: "Device id must start with eui-",
      deviceIdCharacters: "Device id may contain only letters, numbers, underscores and hyphens",
      deviceIdLength: "Device id must be between 3 and 255 characters",
    });
  });
});

describe("charLength", () => {
  it("counts code points, not UTF-16 units", () => {
    expect(charLength("abc")).toBe(3);
    expect(charLength("😀")).toBe(1);
  });
});

describe("validateRequired", () => {
  it.each(["x", " x ", "0"])("accepts %j", (value) => expect(validateRequired(value)).toBeNull());
  it.each([null, undefined, "", "   ", "\t"])("rejects %j", (value) => expect(validateRequired(value)).toBe("This field is mandatory"));
});

describe("validateName", () => {
  it.each(["Ann", "Mary Jane", "Anne-Marie", "O'Brien", "O’Brien", "José Ñúñez", "Zoë", "Łukasz", "李小龍", "a".repeat(255)])(
    "accepts %j",
    (value) => expect(validateName(value)).toBeNull(),
  );
  it.each([null, undefined, "", "   "])("requires a name: %j", (value) => expect(validateName(value)).toBe("Name is required"));
  it.each(["Al", "ab", "a".repeat(256)])("rejects the length of %j", (value) =>
    expect(validateName(value)).toBe("Name must be between 3 and 255 characters"),
  );
  it.each(["Ann2", "Ann_Lee", "Ann.Lee", "Ann@home", "Ann Lee!", "😀😀😀"])("rejects the characters of %j", (value) =>
    expect(validateName(value)).toBe("Name may contain only letters, spaces, hyphens and apostrophes"),
  );
  // Control, zero-width and text-direction characters get their own message, before the above
  // (test/security/invisible-characters-in-names.test.ts has the full list, and the database's).
  it.each(["Ann\tLee", "Ann\u200BLee", "Ann\u202ELee", "Ann\uFEFFLee"])("rejects the invisible characters of %j", (value) =>
    expect(validateName(value)).toBe("Name must not contain invisible or text-direction characters"),
  );
  it("reports the length before the characters", () => {
    expect(validateName("1")).toBe("Name must be between 3 and 255 characters");
  });
});

describe("validateUsername", () => {
  it.each(["ab", "Ab", "alice", "alice_smith", "alice-smith", "a1", "a_b-c_d", "Z9-9_9", "a".repeat(23)])("accepts %j", (value) =>
    expect(validateUsername(value)).toBeNull(),
  );
  it.each([null, undefined, ""])("requires a username: %j", (value) => expect(validateUsername(value)).toBe("Username is required"));
  it.each(["a", "_", "1"])("rejects %j as too short", (value) =>
    expect(validateUsername(value)).toBe("Username must be at least 2 characters long"),
  );
  it.each(["a".repeat(24), "a".repeat(40)])("rejects %j as too long", (value) =>
    expect(validateUsername(value)).toBe("Username must be less than 24 characters"),
  );
  it.each(["1alice", "_alice", "-alice", " alice", "éric", "Ωmega"])("rejects %j for its first character", (value) =>
    expect(validateUsername(value)).toBe("Username must start with a letter"),
  );
  it.each(["alice smith", "alice.smith", "alice@x", "aliçe", "alice!", "al ice"])("rejects the characters of %j", (value) =>
    expect(validateUsername(value)).toBe("Username may contain only letters, numbers, underscores and hyphens"),
  );
  it.each(["a__b", "a--b", "a_-b", "a-_b", "alice__", "ab--"])("rejects consecutive separators in %j", (value) =>
    expect(validateUsername(value)).toBe("Username cannot contain consecutive underscores or hyphens"),
  );
});

describe("validateEmail", () => {
  it.each(["a@b.co", "alice@example.org", "alice.smith+tag@mail.example.co.uk", "ÅSA@exämple.se"])("accepts %j", (value) =>
    expect(validateEmail(value)).toBeNull(),
  );
  it.each([null, undefined, ""])("requires an email: %j", (value) => expect(validateEmail(value)).toBe("Email is required"));
  it.each(["a@", "ab", `${"a".repeat(250)}@b.com`])("rejects the length of %j", (value) =>
    expect(validateEmail(value)).toBe("Email must be between 3 and 255 characters"),
  );
  it.each(["alice", "alice@example", "alice@@example.org", "al ice@example.org", "alice@exa mple.org", "@example.org", "alice@.org x"])(
    "rejects %j as not an address",
    (value) => expect(validateEmail(value)).toBe("Email must be a valid address"),
  );
});

describe("validatePassphrase", () => {
  it.each(["Abcdefg1", "Correct Horse 9 Battery", "aB3aB3aB3", "ÄÖabcDE1"])("accepts %j", (value) =>
    expect(validatePassphrase(value)).toBeNull(),
  );
  it.each([null, undefined, ""])("requires a passphrase: %j", (value) => expect(validatePassphrase(value)).toBe("Passphrase is required"));
  it.each(["Abc1", "Abcdef1"])("rejects %j as too short", (value) =>
    expect(validatePassphrase(value)).toBe("Passphrase must be at least 8 characters long"),
  );
  it.each(["abcdefg1", "äbcdefg1 öö"])("rejects %j without an uppercase letter", (value) =>
    expect(validatePassphrase(value)).toBe("Passphrase must contain an uppercase letter"),
  );
  it.each(["ABCDEFG1", "ABC DEF 1"])("rejects %j without a lowercase letter", (value) =>
    expect(validatePassphrase(value)).toBe("Passphrase must contain a lowercase letter"),
  );
  it.each(["Abcdefgh", "Abcdefg!"])("rejects %j without a number", (value) =>
    expect(validatePassphrase(value)).toBe("Passphrase must contain a number"),
  );
});

describe("validatePassphraseConfirmation", () => {
  it("accepts a matching confirmation", () => {
    expect(validatePassphraseConfirmation("Abcdefg1", "Abcdefg1")).toBeNull();
  });
  it("rejects a different confirmation", () => {
    expect(validatePassphraseConfirmation("Abcdefg1", "Abcdefg2")).toBe("Passphrases do not match");
    expect(validatePassphraseConfirmation("Abcdefg1", "abcdefg1")).toBe("Passphrases do not match");
    expect(validatePassphraseConfirmation("", "x")).toBe("Passphrases do not match");
  });
  it("requires the confirmation", () => {
    expect(validatePassphraseConfirmation("Abcdefg1", "")).toBe("This field is mandatory");
  });
});

describe("validateDeviceId", () => {
  it.each(["eui-", "eui-70b3d57ed005a1b2", "eui-a_b-C", `eui-${"a".repeat(251)}`])("accepts %j", (value) =>
    expect(validateDeviceId(value)).toBeNull(),
  );
  it.each([null, undefined, "", "70b3d57ed005", "EUI-70b3", "xeui-1", " eui-1"])("rejects %j without the eui- prefix", (value) =>
    expect(validateDeviceId(value)).toBe("Device id must start with eui-"),
  );
  it.each(["eui-a b", "eui-a.b", "eui-ä", "eui-1:2"])("rejects the characters of %j", (value) =>
    expect(validateDeviceId(value)).toBe("Device id may contain only letters, numbers, underscores and hyphens"),
  );
  it("rejects an id longer than 255 characters", () => {
    expect(validateDeviceId(`eui-${"a".repeat(252)}`)).toBe("Device id must be between 3 and 255 characters");
  });
});

describe("firstError", () => {
  it("returns the first failing message", () => {
    expect(firstError("", validateRequired, validateName)).toBe("This field is mandatory");
    expect(firstError("A1", validateRequired, validateName)).toBe("Name must be between 3 and 255 characters");
    expect(firstError("Ann", validateRequired, validateName)).toBeNull();
  });
});

describe("validateLitres (watering amounts, issue 21)", () => {
  it.each([null, undefined, "", "  "])("accepts no amount (%j) for any type", (value) => {
    expect(validateLitres(value, "WATERING")).toBeNull();
    expect(validateLitres(value, "UPKEEP")).toBeNull();
  });
  it.each(["0.5", "10", "20", "50", "2.5", "2,5", " 999.9 ", "1000", 0.5, 1000, 20, 0.7, 2.3])("accepts %j on a watering", (value) =>
    expect(validateLitres(value, "WATERING")).toBeNull(),
  );
  it("refuses an amount on anything but a watering", () => {
    expect(validateLitres("20", "UPKEEP")).toBe("Only a watering can have an amount in litres");
    expect(validateLitres(20, null)).toBe("Only a watering can have an amount in litres");
  });
  it.each(["abc", "1e3", "-", "20 L", "1.2.3"])("says %j is not a number", (value) =>
    expect(validateLitres(value, "WATERING")).toBe("Litres must be a number"),
  );
  it.each(["0", "0.4", "1000.1", "5000", "-1", 0.49, 1001])("refuses %j outside 0.5 to 1000", (value) =>
    expect(validateLitres(value, "WATERING")).toBe(
      typeof value === "string" && value.startsWith("-") ? "Litres must be a number" : "Litres must be between 0.5 and 1000",
    ),
  );
  it.each(["2.25", "0.55", 10.01])("refuses more than one decimal place in %j", (value) =>
    expect(validateLitres(value, "WATERING")).toBe("Litres may have at most one decimal place"),
  );
  it("parses what people type", () => {
    expect(parseLitres("2,5")).toBe(2.5);
    expect(parseLitres(".5")).toBe(0.5);
    expect(parseLitres("20.")).toBe(20);
    expect(parseLitres("twenty")).toBeNull();
  });
});
