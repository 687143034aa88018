// The screens behind the e-mail links: /verify, /forgot-password and /reset.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ALICE, fakeAuth, guestSession, userSession } from "../../test/helpers.tsx";
import { gqlError, renderWithApi } from "../account/test-utils.tsx";
import { FORGOT_FAILED } from "./ForgotPasswordPage.tsx";
import { RESET_DONE, RESET_INVALID, RESET_LOCKED } from "./ResetPasswordPage.tsx";
import { RESEND_TOO_SOON, VERIFY_FAILED } from "./VerifyEmailPage.tsx";

const EMAIL_ID = "22222222-2222-4222-8222-222222222222";
const USER_ID = "33333333-3333-4333-8333-333333333333";

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fieldMessage(label: string): string | null {
  const input = screen.getByLabelText(label);
  const ids = input.getAttribute("aria-describedby")?.split(" ") ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains("field-error"));
  return error?.textContent ?? null;
}

describe("/verify", () => {
  it("verifies the address from the link once", async () => {
    const app = renderWithApi({
      path: `/verify?id=${EMAIL_ID}&token=tok-1`,
      session: guestSession(),
      answers: { VerifyEmail: { data: { verifyEmail: { __typename: "VerifyEmailPayload", boolean: true } } } },
    });
    await screen.findByRole("heading", { name: "Your e-mail address is verified" });
    expect(app.callsOf("VerifyEmail")).toHaveLength(1);
    expect(app.callsOf("VerifyEmail")[0].variables).toEqual({ userEmailId: EMAIL_ID, token: "tok-1" });
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/signin");
  });

  it("treats any error as a failed link and offers guests to sign in for a new one", async () => {
    renderWithApi({
      path: `/verify?id=${EMAIL_ID}&token=tok-2`,
      session: guestSession(),
      answers: { VerifyEmail: gqlError("This verification link is invalid or has expired", "NTFND") },
    });
    expect((await screen.findByRole("alert")).textContent).toBe(VERIFY_FAILED);
    expect(screen.getByRole("link", { name: "Sign in to send a new link" }).getAttribute("href")).toBe("/signin?next=%2Faccount%2Femails");
  });

  it("says an incomplete link is invalid without calling the server", async () => {
    const app = renderWithApi({ path: "/verify?id=nope", session: guestSession(), answers: {} });
    expect((await screen.findByRole("alert")).textContent).toBe(VERIFY_FAILED);
    expect(app.callsOf("VerifyEmail")).toHaveLength(0);
  });

  it("lets a signed-in user ask for a new link to their own address", async () => {
    const emails = [{ id: EMAIL_ID, email: "alice@example.org", isPrimary: true, isVerified: false }];
    const session = userSession({ emails });
    const auth = fakeAuth({ currentUser: vi.fn(async () => ({ ...ALICE, userEmailsByUserId: { nodes: emails } })) });
    const app = renderWithApi({
      path: `/verify?id=${EMAIL_ID}&token=tok-3`,
      session,
      auth,
      answers: {
        VerifyEmail: { data: { verifyEmail: { __typename: "VerifyEmailPayload", boolean: false } } },
        ResendEmailVerification: [
          { data: { resendEmailVerificationCode: { __typename: "ResendEmailVerificationCodePayload", boolean: false } } },
          { data: { resendEmailVerificationCode: { __typename: "ResendEmailVerificationCodePayload", boolean: true } } },
        ],
      },
    });
    const button = await screen.findByRole("button", { name: "Send a new link to alice@example.org" });
    fireEvent.click(button);
    expect((await screen.findByText(RESEND_TOO_SOON)).textContent).toBe(RESEND_TOO_SOON);
    fireEvent.click(button);
    await screen.findByText("We have sent a new link to alice@example.org.");
    expect(app.callsOf("ResendEmailVerification")[0].variables).toEqual({ emailId: EMAIL_ID });
  });
});

describe("/forgot-password", () => {
  it("validates the address as it is typed", async () => {
    const app = renderWithApi({ path: "/forgot-password", session: guestSession(), answers: {} });
    await screen.findByRole("heading", { level: 1, name: "Forgot your passphrase?" });
    type("Email", "robin@");
    expect(fieldMessage("Email")).toBe("Email must be a valid address");
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(app.callsOf("ForgotPassword")).toHaveLength(0);
  });

  it("always gives the same reassuring answer", async () => {
    const app = renderWithApi({
      path: "/forgot-password",
      session: guestSession(),
      answers: { ForgotPassword: { data: { forgotPassword: { __typename: "ForgotPasswordPayload", boolean: true } } } },
    });
    await screen.findByRole("heading", { level: 1, name: "Forgot your passphrase?" });
    type("Email", " robin@example.org ");
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    await screen.findByRole("heading", { name: "Check your e-mail" });
    expect(screen.getByText("robin@example.org")).toBeTruthy();
    expect(app.callsOf("ForgotPassword")[0].variables).toEqual({ email: "robin@example.org" });
  });

  it("says the link could not be sent on a real failure", async () => {
    renderWithApi({
      path: "/forgot-password",
      session: guestSession(),
      answers: { ForgotPassword: { status: 500, errors: [{ message: "An error occurred" }] } },
    });
    await screen.findByRole("heading", { level: 1, name: "Forgot your passphrase?" });
    type("Email", "robin@example.org");
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    expect((await screen.findByRole("alert")).textContent).toBe(FORGOT_FAILED);
  });
});

describe("/reset", () => {
  const path = `/reset?userId=${USER_ID}&token=abc123`;

  function fill(passphrase = "New-passphrase1", confirm = passphrase) {
    type("New passphrase", passphrase);
    type("Confirm new passphrase", confirm);
  }

  it("prefills the code, checks the passphrases and resets, then goes to sign in", async () => {
    const app = renderWithApi({
      path,
      session: guestSession(),
      answers: { ResetPassword: { data: { resetPassword: { __typename: "ResetPasswordPayload", boolean: true } } } },
    });
    await screen.findByRole("heading", { level: 1, name: "Reset your passphrase" });
    expect((screen.getByLabelText("Verification code") as HTMLInputElement).value).toBe("abc123");
    fill("New-passphrase1", "New-passphrase2");
    expect(fieldMessage("Confirm new passphrase")).toBe("Passphrases do not match");
    type("New passphrase", "short");
    expect(fieldMessage("New passphrase")).toBe("Passphrase must be at least 8 characters long");
    fill();
    type("Verification code", " edited-code ");
    fireEvent.click(screen.getByRole("button", { name: "Set new passphrase" }));
    await waitFor(() => expect(app.location()).toBe("/signin"));
    expect(app.callsOf("ResetPassword")[0].variables).toEqual({
      userId: USER_ID,
      resetToken: "edited-code",
      newPassword: "New-passphrase1",
    });
    expect(app.notices.get().some((n) => n.level === "positive" && n.message === RESET_DONE)).toBe(true);
  });

  it.each([
    [gqlError(RESET_INVALID, "NTFND"), RESET_INVALID],
    [gqlError(RESET_LOCKED, "LOCKD"), RESET_LOCKED],
    [gqlError("Passphrase must contain a number", "INVLD"), "Passphrase must contain a number"],
  ])("shows the server's answer %#", async (answer, message) => {
    const app = renderWithApi({ path, session: guestSession(), answers: { ResetPassword: answer } });
    await screen.findByRole("heading", { level: 1, name: "Reset your passphrase" });
    fill();
    fireEvent.click(screen.getByRole("button", { name: "Set new passphrase" }));
    expect((await screen.findByRole("alert")).textContent).toContain(message);
    expect(app.location()).toBe(path);
  });

  it("explains an incomplete link", async () => {
    renderWithApi({ path: "/reset?token=abc", session: guestSession(), answers: {} });
    await screen.findByRole("heading", { name: "This link is incomplete" });
    expect(screen.getByRole("link", { name: "Send me a new link" }).getAttribute("href")).toBe("/forgot-password");
  });
});
