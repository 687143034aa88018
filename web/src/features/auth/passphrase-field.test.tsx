// The one passphrase field (issue 23): label, autocomplete and hint by what it is for, the
// Show/Hide switch, hidden again when the form is sent; and the forms that use it, in German
// (issue 25), where a server message still lands on the field it is about.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GraphQLRequestError } from "../../lib/api.ts";
import { LANGUAGE_STORAGE_KEY } from "../../lib/i18n/locale-context.tsx";
import { fakeAuth, guestSession, renderApp, userSession } from "../../test/helpers.tsx";
import { gqlError, renderWithApi } from "../account/test-utils.tsx";
import { PassphraseField } from "./PassphraseField.tsx";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function describedBy(element: HTMLElement): string {
  const ids = element.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" | ");
}

describe("PassphraseField", () => {
  it("is labelled and filled in by what it is for", () => {
    render(
      <form>
        <PassphraseField purpose="current" name="current" />
        <PassphraseField purpose="new" replacing name="passphrase" error="Passphrase must contain a number" />
        <PassphraseField purpose="confirm" replacing name="confirm" />
      </form>,
    );
    expect(input("Passphrase").autocomplete).toBe("current-password");
    expect(input("New passphrase").autocomplete).toBe("new-password");
    expect(input("Confirm new passphrase").autocomplete).toBe("new-password");
    for (const label of ["Passphrase", "New passphrase", "Confirm new passphrase"]) expect(input(label).type).toBe("password");
    // The rules only under a new passphrase, its message after them.
    expect(describedBy(input("New passphrase"))).toBe(
      "At least 8 characters, with an uppercase letter, a lowercase letter and a number. | Passphrase must contain a number",
    );
    expect(input("New passphrase").getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(input("Passphrase"))).toBe("");
  });

  it("shows and hides what was typed, and hides it again when the form is sent", () => {
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <PassphraseField purpose="new" name="passphrase" />
        <button type="submit">Send</button>
      </form>,
    );
    const field = input("Passphrase");
    fireEvent.click(screen.getByRole("button", { name: "Show passphrase" }));
    expect(field.type).toBe("text");
    const hide = screen.getByRole("button", { name: "Hide passphrase" });
    expect(hide.textContent).toBe("Hide");
    expect(hide.getAttribute("aria-controls")).toBe(field.id);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(field.type).toBe("password");
    expect(screen.getByRole("button", { name: "Show passphrase" }).textContent).toBe("Show");
  });
});

describe("the passphrase forms in German", () => {
  it("sign in: German labels, the switch, and the spec's message in German", async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, "de");
    renderApp({ path: "/signin", session: guestSession(), auth: fakeAuth() });
    await screen.findByRole("heading", { level: 1, name: "Anmelden" });
    const form = screen.getByRole("button", { name: "Anmelden" }).closest("form")!;
    fireEvent.click(within(form).getByRole("button", { name: "Anmelden" }));
    expect(within(form).getByRole("alert").textContent).toBe("Prüfe deine Angaben, bevor du sie absendest");
    expect(describedBy(within(form).getByLabelText("Passphrase"))).toBe("Bitte gib eine Passphrase ein");
    fireEvent.click(within(form).getByRole("button", { name: "Passphrase zeigen" }));
    expect((within(form).getByLabelText("Passphrase") as HTMLInputElement).type).toBe("text");
  });

  it("register: the server's 'Username already exists' in German, above the form and on its field", async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, "de");
    const message = "Username already exists";
    const auth = fakeAuth({
      signUp: vi.fn(async () => {
        throw new GraphQLRequestError(message, 200, [{ message }]);
      }),
    });
    renderApp({ path: "/register", session: guestSession(), auth });
    await screen.findByRole("heading", { level: 1, name: "Konto erstellen" });
    fireEvent.change(input("Name"), { target: { value: "Alice Smith" } });
    fireEvent.change(input("Benutzername"), { target: { value: "alice" } });
    fireEvent.change(input("E-Mail"), { target: { value: "alice@example.org" } });
    fireEvent.change(input("Passphrase"), { target: { value: "Correct-horse1" } });
    fireEvent.change(input("Passphrase bestätigen"), { target: { value: "Correct-horse1" } });
    fireEvent.click(screen.getByRole("button", { name: "Konto erstellen" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Dieser Benutzername ist schon vergeben");
    expect(describedBy(input("Benutzername"))).toContain("Dieser Benutzername ist schon vergeben");
  });

  it("change passphrase: a wrong current passphrase is said in German, on that field", async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, "de");
    renderWithApi({
      path: "/account/passphrase",
      session: userSession(),
      answers: { ChangePassword: gqlError("Incorrect old passphrase", "CREDS") },
    });
    await screen.findByRole("heading", { level: 1, name: "Passphrase ändern" });
    fireEvent.change(input("Aktuelle Passphrase"), { target: { value: "Wrong-one1" } });
    fireEvent.change(input("Neue Passphrase"), { target: { value: "Brand-new-1" } });
    fireEvent.change(input("Neue Passphrase bestätigen"), { target: { value: "Brand-new-1" } });
    fireEvent.click(screen.getByRole("button", { name: "Passphrase ändern" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Die bisherige Passphrase stimmt nicht");
    expect(describedBy(input("Aktuelle Passphrase"))).toBe("Die bisherige Passphrase stimmt nicht");
  });
});
