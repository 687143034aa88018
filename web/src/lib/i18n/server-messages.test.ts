import { afterEach, describe, expect, it } from "vitest";
import { errorText } from "../errors.ts";
import { knownDe } from "./known-texts/de.ts";
import { knownEn } from "./known-texts/en-GB.ts";
import { makeMessageTranslator, setServerMessageTranslator } from "./server-messages.ts";

const toGerman = makeMessageTranslator("de", knownEn, knownDe);

afterEach(() => setServerMessageTranslator(null));

describe("the server's messages in the reader's language", () => {
  it("says a known text in German, with the server's values in their places", () => {
    expect(toGerman("This field is mandatory")).toBe("Dieses Feld ist ein Pflichtfeld");
    expect(toGerman('Unknown time zone "Mars/Olympus"')).toBe("Unbekannte Zeitzone „Mars/Olympus“");
    expect(toGerman("You can send up to 20 messages an hour. Please try again in 1 minute.")).toBe(
      "Du kannst bis zu 20 Nachrichten pro Stunde senden. Bitte versuche es in einer Minute noch einmal.",
    );
    expect(toGerman("You can send up to 20 messages an hour. Please try again in 7 minutes.")).toBe(
      "Du kannst bis zu 20 Nachrichten pro Stunde senden. Bitte versuche es in 7 Minuten noch einmal.",
    );
  });

  it("shows a message it does not know as the server wrote it", () => {
    expect(toGerman("Something new went wrong")).toBe("Something new went wrong");
  });

  it("is what errorText shows once German is chosen, and English again after", () => {
    const error = { graphQLErrors: [{ message: "This field is mandatory", extensions: { code: "INVLD" } }], networkError: undefined };
    setServerMessageTranslator(toGerman);
    expect(errorText(error, "Fallback")).toBe("Dieses Feld ist ein Pflichtfeld");
    setServerMessageTranslator(null);
    expect(errorText(error, "Fallback")).toBe("This field is mandatory");
  });
});
