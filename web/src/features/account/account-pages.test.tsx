// The /account sections against a fake API.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ALICE, userSession } from "../../test/helpers.tsx";
import styles from "./account.module.css";
import { plainDescription } from "./BadgesPage.tsx";
import { ACCOUNT_DELETED } from "./ConfirmDeletionPage.tsx";
import { DELETE_FAILED } from "./DeleteAccountPage.tsx";
import { RESEND_TOO_SOON } from "./EmailsPage.tsx";
import { CREATE_USER_FAILED } from "./NewUserForm.tsx";
import { gqlError, renderWithApi, type Data, type NodeOf, type Reply } from "./test-utils.tsx";

const ME = ALICE.id;

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fieldMessage(label: string): string | null {
  const input = screen.getByLabelText(label);
  const ids = input.getAttribute("aria-describedby")?.split(" ") ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains("field-error"));
  return error?.textContent ?? null;
}

const PROFILE: Reply<"Profile"> = {
  data: {
    currentUser: {
      __typename: "User",
      id: ME,
      name: "Alice Smith",
      username: "alice",
      createdAt: "2026-01-02T03:04:05Z",
      lastSignInAt: "2026-11-20T10:00:00Z",
      hasImage: false,
      isVerified: true,
      notificationDaily: true,
      oneThingId: null,
    },
    allThingAccesses: {
      __typename: "ThingAccessesConnection",
      nodes: [
        {
          __typename: "ThingAccess",
          id: "a1",
          isOwner: true,
          isCollaborator: false,
          thingByThingId: { __typename: "Thing", id: "t1", name: "Corner planter" },
        },
      ],
    },
  },
};

describe("profile", () => {
  it("saves name, username, the daily e-mail and the One Thing, and updates the session", async () => {
    const app = renderWithApi({
      path: "/account/profile",
      session: userSession(),
      answers: {
        Profile: PROFILE,
        UpdateProfile: (variables) => ({
          data: {
            updateUserById: {
              __typename: "UpdateUserPayload",
              user: {
                __typename: "User",
                id: ME,
                // The patch applied to the profile above.
                name: variables.patch.name ?? "Alice Smith",
                username: variables.patch.username ?? "alice",
                hasImage: false,
                notificationDaily: variables.patch.notificationDaily ?? true,
                oneThingId: variables.patch.oneThingId ?? null,
              },
            },
          },
        }),
      },
    });
    await screen.findByLabelText("Name");
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Alice Smith");
    type("Name", "A");
    expect(fieldMessage("Name")).toBe("Name must be between 3 and 255 characters");
    type("Name", "Alice Gardener");
    type("Username", "alice_g");
    fireEvent.click(screen.getByLabelText("Send me a daily summary e-mail"));
    fireEvent.change(screen.getByLabelText("Your One Thing"), { target: { value: "t1" } });
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));
    await waitFor(() => expect(app.sessionStore.get()?.name).toBe("Alice Gardener"));
    expect(app.callsOf("UpdateProfile")[0].variables).toEqual({
      id: ME,
      patch: { name: "Alice Gardener", username: "alice_g", notificationDaily: false, oneThingId: "t1" },
    });
    expect(app.sessionStore.get()).toMatchObject({ username: "alice_g", notificationDaily: false, oneThingId: "t1" });
    expect(app.notices.get().some((n) => n.message === "Your profile has been saved.")).toBe(true);
  });

  it("shows the server's message next to the field it is about", async () => {
    renderWithApi({
      path: "/account/profile",
      session: userSession(),
      answers: { Profile: PROFILE, UpdateProfile: gqlError("Username already exists", "NUNIQ") },
    });
    await screen.findByLabelText("Username");
    type("Username", "bob");
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Username already exists");
    expect(fieldMessage("Username")).toBe("Username already exists");
  });
});

describe("passphrase", () => {
  it("says when the old passphrase is wrong and when the new ones differ", async () => {
    const app = renderWithApi({
      path: "/account/passphrase",
      session: userSession(),
      answers: {
        ChangePassword: [
          gqlError("Incorrect old passphrase", "CREDS"),
          { data: { changePassword: { __typename: "ChangePasswordPayload", boolean: true } } },
        ],
      },
    });
    await screen.findByRole("heading", { level: 1, name: "Change passphrase" });
    type("Current passphrase", "Wrong-one1");
    type("New passphrase", "Brand-new-1");
    type("Confirm new passphrase", "Brand-new-2");
    expect(fieldMessage("Confirm new passphrase")).toBe("Passphrases do not match");
    type("Confirm new passphrase", "Brand-new-1");
    fireEvent.click(screen.getByRole("button", { name: "Change passphrase" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Incorrect old passphrase");
    expect(fieldMessage("Current passphrase")).toBe("Incorrect old passphrase");

    type("Current passphrase", "Right-one1");
    fireEvent.click(screen.getByRole("button", { name: "Change passphrase" }));
    await waitFor(() => expect((screen.getByLabelText("Current passphrase") as HTMLInputElement).value).toBe(""));
    expect(app.callsOf("ChangePassword")[1].variables).toEqual({ oldPassword: "Right-one1", newPassword: "Brand-new-1" });
    expect(app.notices.get().some((n) => n.message === "Your passphrase has been changed.")).toBe(true);
  });
});

describe("e-mail addresses", () => {
  const emails = (extra: NodeOf<NonNullable<Data<"MyEmails">["currentUser"]>["userEmailsByUserId"]>[] = []): Reply<"MyEmails"> => ({
    data: {
      currentUser: {
        __typename: "User",
        id: ME,
        isVerified: true,
        userEmailsByUserId: {
          __typename: "UserEmailsConnection",
          nodes: [
            {
              __typename: "UserEmail",
              id: "e1",
              email: "alice@example.org",
              isPrimary: true,
              isVerified: true,
              createdAt: "2026-01-02T00:00:00Z",
            },
            {
              __typename: "UserEmail",
              id: "e2",
              email: "alice@work.example",
              isPrimary: false,
              isVerified: false,
              createdAt: "2026-02-02T00:00:00Z",
            },
            ...extra,
          ],
        },
      },
    },
  });

  it("lists the addresses with their badges and keeps the session in step", async () => {
    const app = renderWithApi({ path: "/account/emails", session: userSession(), answers: { MyEmails: emails() } });
    const list = await screen.findByRole("list", { name: "Your e-mail addresses" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows[0].textContent).toContain("primary");
    expect(rows[0].textContent).toContain("verified");
    expect(within(rows[0]).queryByRole("button", { name: /Remove/ })).toBeNull();
    expect(rows[1].textContent).toContain("not verified");
    expect(within(rows[1]).getByRole("button", { name: "Make primary: alice@work.example" })).toBeTruthy();
    await waitFor(() => expect(app.sessionStore.get()?.emails.map((e) => e.id)).toEqual(["e1", "e2"]));
  });

  it("adds an address, or says it is already there", async () => {
    const app = renderWithApi({
      path: "/account/emails",
      session: userSession(),
      answers: {
        MyEmails: emails(),
        CreateUserEmail: [
          gqlError("Email already added", "NUNIQ"),
          {
            data: {
              createUserEmail: {
                __typename: "CreateUserEmailPayload",
                userEmail: {
                  __typename: "UserEmail",
                  id: "e3",
                  email: "new@example.org",
                  isPrimary: false,
                  isVerified: false,
                  createdAt: "2026-03-03T00:00:00Z",
                },
              },
            },
          },
        ],
      },
    });
    await screen.findByRole("list", { name: "Your e-mail addresses" });
    type("New e-mail address", "nope");
    expect(fieldMessage("New e-mail address")).toBe("Email must be a valid address");
    // One already listed (addresses compare without regard to case): said at once, nothing sent.
    type("New e-mail address", "ALICE@example.org");
    fireEvent.click(screen.getByRole("button", { name: "Add address" }));
    expect((await screen.findByText("Email already added")).textContent).toBe("Email already added");
    expect(app.callsOf("CreateUserEmail")).toHaveLength(0);
    // One the list did not show yet: the server's message.
    type("New e-mail address", "alice@home.example");
    fireEvent.click(screen.getByRole("button", { name: "Add address" }));
    expect((await screen.findByText("Email already added")).textContent).toBe("Email already added");
    expect(app.callsOf("CreateUserEmail")).toHaveLength(1);
    type("New e-mail address", "new@example.org");
    fireEvent.click(screen.getByRole("button", { name: "Add address" }));
    await waitFor(() => expect(app.callsOf("CreateUserEmail")).toHaveLength(2));
    await waitFor(() => expect(app.callsOf("MyEmails").length).toBeGreaterThanOrEqual(2));
    expect(app.notices.get().some((n) => n.message.startsWith("Added new@example.org"))).toBe(true);
  });

  it("resends a code (or says one was just sent) and removes a secondary address after confirming", async () => {
    const app = renderWithApi({
      path: "/account/emails",
      session: userSession(),
      answers: {
        MyEmails: emails(),
        ResendEmailVerification: {
          data: { resendEmailVerificationCode: { __typename: "ResendEmailVerificationCodePayload", boolean: false } },
        },
        DeleteUserEmail: { data: { deleteUserEmailById: { __typename: "DeleteUserEmailPayload", deletedUserEmailId: "x" } } },
      },
    });
    await screen.findByRole("list", { name: "Your e-mail addresses" });
    fireEvent.click(screen.getByRole("button", { name: "Resend link to alice@work.example" }));
    await screen.findByText(RESEND_TOO_SOON);
    fireEvent.click(screen.getByRole("button", { name: "Remove alice@work.example" }));
    const confirm = screen.getByRole("group", { name: "Remove alice@work.example?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(app.callsOf("DeleteUserEmail")[0]?.variables).toEqual({ id: "e2" }));
  });
});

describe("badges", () => {
  it("words the descriptions plainly", () => {
    expect(plainDescription("Watered 1 time(s)")).toBe("Watered 1 time");
    expect(plainDescription("Ran 10 education session(s)")).toBe("Ran 10 education sessions");
    expect(plainDescription("Added 50 thing(s) to look after")).toBe("Added 50 things to look after");
  });

  it("shows earned badges in colour and the rest as goals", async () => {
    const type = (id: string, badgeType: string, level: number, title: string) => ({
      __typename: "BadgeType" as const,
      id,
      badgeType,
      level,
      title,
      description: `${title} description`,
      threshold: [0, 1, 10, 50][level],
    });
    renderWithApi({
      path: "/account/badges",
      session: userSession(),
      answers: {
        MyBadges: {
          data: {
            currentUser: {
              __typename: "User",
              id: ME,
              badgesByUserId: {
                __typename: "BadgesConnection",
                nodes: [
                  {
                    __typename: "Badge",
                    id: "b1",
                    awardedAt: "2026-05-01T00:00:00Z",
                    badgeTypeId: "w1",
                    badgeTypeByBadgeTypeId: type("w1", "watering", 1, "Waterer I"),
                  },
                ],
              },
            },
            allBadgeTypes: {
              __typename: "BadgeTypesConnection",
              nodes: [
                type("w1", "watering", 1, "Waterer I"),
                type("w2", "watering", 2, "Waterer II"),
                type("s1", "signin", 1, "Regular I"),
              ],
            },
          },
        },
      },
    });
    await screen.findByText("Waterer I");
    expect(screen.getByText("Waterer I").closest("li")?.className).not.toContain(styles.badgeLocked);
    const locked = screen.getAllByText("Waterer II").find((el) => el.classList.contains(styles.badgeTitle));
    expect(locked?.closest("li")?.className).toContain(styles.badgeLocked);
    expect(screen.getByText(/Earned 1 May 2026/)).toBeTruthy();
    expect(screen.getByText("of 3 badges earned", { exact: false }).textContent).toContain("1 of 3");
  });
});

describe("things and devices", () => {
  it("point to /things/new and /devices/new when there are none", async () => {
    renderWithApi({
      path: "/account/things",
      session: userSession(),
      answers: {
        MyThings: {
          data: {
            currentUser: { __typename: "User", id: ME, oneThingId: null },
            allThingAccesses: { __typename: "ThingAccessesConnection", nodes: [] },
          },
        },
      },
    });
    await screen.findByText("You are not looking after any things yet");
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Add a thing" }).getAttribute("href")).toBe("/things/new");
    cleanup();
    renderWithApi({
      path: "/account/devices",
      session: userSession(),
      answers: { MyDevices: { data: { allDeviceAccesses: { __typename: "DeviceAccessesConnection", nodes: [] } } } },
    });
    await screen.findByText("You have no devices yet");
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Register a device" }).getAttribute("href")).toBe("/devices/new");
  });

  it("lists things with owner and collaborator flags, linking to each", async () => {
    const thing = (id: string, name: string) => ({
      __typename: "Thing" as const,
      id,
      name,
      type: "PLANTER" as const,
      hasImage: false,
      isPublic: true,
      indicatorColour: "green",
      lastAction: null,
      createdAt: "2026-01-01T00:00:00Z",
    });
    renderWithApi({
      path: "/account/things",
      session: userSession(),
      answers: {
        MyThings: {
          data: {
            currentUser: { __typename: "User", id: ME, oneThingId: "t2" },
            allThingAccesses: {
              __typename: "ThingAccessesConnection",
              nodes: [
                {
                  __typename: "ThingAccess",
                  id: "a1",
                  isOwner: true,
                  isCollaborator: false,
                  createdAt: "2026-02-01T00:00:00Z",
                  thingByThingId: thing("t1", "Bench"),
                },
                {
                  __typename: "ThingAccess",
                  id: "a2",
                  isOwner: false,
                  isCollaborator: true,
                  createdAt: "2026-01-01T00:00:00Z",
                  thingByThingId: thing("t2", "Oak"),
                },
              ],
            },
          },
        },
      },
    });
    const oak = await screen.findByRole("link", { name: "Oak" });
    expect(oak.getAttribute("href")).toBe("/things/t2/dashboard");
    const rows = screen.getAllByRole("listitem").filter((li) => li.classList.contains(styles.recordRow));
    expect(rows[0].textContent).toContain("One Thing");
    expect(rows[0].textContent).toContain("collaborator");
    expect(rows[1].textContent).toContain("owner");
  });
});

describe("users (admins)", () => {
  const admin = () => userSession({ role: "bk_admin" }, { role: "bk_admin" });
  const users: Reply<"AllUsers"> = {
    data: {
      allUsers: {
        __typename: "UsersConnection",
        nodes: [
          {
            __typename: "User",
            id: "u1",
            name: "Alice Smith",
            username: "alice",
            hasImage: false,
            isVerified: true,
            createdAt: "2026-01-01T00:00:00Z",
            lastSignInAt: null,
          },
          {
            __typename: "User",
            id: "u2",
            name: "Bob Jones",
            username: "bobby",
            hasImage: false,
            isVerified: false,
            createdAt: "2026-01-01T00:00:00Z",
            lastSignInAt: null,
          },
        ],
      },
    },
  };

  it("are listed with a search, and not shown to others", async () => {
    renderWithApi({ path: "/account/users", session: admin(), answers: { AllUsers: users } });
    await screen.findByRole("link", { name: "Bob Jones" });
    fireEvent.change(screen.getByLabelText("Search users"), { target: { value: "BOB" } });
    await waitFor(() => expect(within(screen.getByRole("main")).queryByRole("link", { name: "Alice Smith" })).toBeNull());
    expect(screen.getByRole("link", { name: "Bob Jones" }).getAttribute("href")).toBe("/users/u2/dashboard");
    cleanup();
    const app = renderWithApi({ path: "/account/users", session: userSession(), answers: { AllUsers: users } });
    await screen.findByText("Only administrators can see this");
    expect(app.callsOf("AllUsers")).toHaveLength(0);
    expect(within(screen.getByRole("navigation", { name: "Account" })).queryByRole("link", { name: "Users" })).toBeNull();
  });

  it("can be created; without a server message the failure says 'Failed to create user'", async () => {
    const app = renderWithApi({
      path: "/users/new",
      session: admin(),
      answers: {
        NewUser: [
          { status: 500, errors: [] },
          {
            data: { newUser: { __typename: "NewUserPayload", user: { __typename: "User", id: "u9", name: "Cara Day", username: "cara" } } },
          },
        ],
      },
    });
    await screen.findByRole("heading", { level: 1, name: "New user" });
    type("Name", "Cara Day");
    type("Username", "cara");
    type("Email", "cara@example.org");
    fireEvent.click(screen.getByRole("button", { name: "Create user" }));
    expect((await screen.findByRole("alert")).textContent).toBe(CREATE_USER_FAILED);
    fireEvent.click(screen.getByRole("button", { name: "Create user" }));
    await waitFor(() => expect(app.location()).toBe("/users/u9/dashboard"));
    expect(app.callsOf("NewUser")[1].variables).toEqual({ name: "Cara Day", username: "cara", email: "cara@example.org" });
  });
});

describe("account deletion", () => {
  it("asks for the e-mail, or says it failed", async () => {
    renderWithApi({
      path: "/account/delete-account",
      session: userSession(),
      answers: {
        RequestAccountDeletion: [
          { status: 500, errors: [] },
          { data: { requestAccountDeletion: { __typename: "RequestAccountDeletionPayload", boolean: true } } },
        ],
      },
    });
    const button = await screen.findByRole("button", { name: "E-mail me the deletion link" });
    fireEvent.click(button);
    expect((await screen.findByRole("alert")).textContent).toBe(DELETE_FAILED);
    fireEvent.click(button);
    await screen.findByRole("heading", { name: "Check your e-mail" });
  });

  it("deletes with the mailed token, then signs out into a guest session", async () => {
    const app = renderWithApi({
      path: "/account/delete?token=tok-9",
      session: userSession(),
      answers: {
        ConfirmAccountDeletion: [
          gqlError("This deletion link is invalid or has expired", "NTFND"),
          { data: { confirmAccountDeletion: { __typename: "ConfirmAccountDeletionPayload", boolean: true } } },
        ],
      },
    });
    const button = await screen.findByRole("button", { name: "Delete my account permanently" });
    fireEvent.click(button);
    expect((await screen.findByRole("alert")).textContent).toContain(DELETE_FAILED);
    fireEvent.click(button);
    await waitFor(() => expect(app.sessionStore.get()?.role).toBe("bk_anonymous"));
    expect(app.location()).toBe("/");
    expect(app.callsOf("ConfirmAccountDeletion")[1].variables).toEqual({ token: "tok-9" });
    await waitFor(() => expect(app.notices.get().some((n) => n.message === ACCOUNT_DELETED)).toBe(true));
  });
});
