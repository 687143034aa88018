// /form against a fake API: instant validation with the database's messages, the call it makes,
// the success notice, the server's message on failure, and the list admins read.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { userSession } from "../../test/helpers.tsx";
import { failure, renderScreen, type Reply } from "../home/test-utils.tsx";
import { FEEDBACK_MESSAGES, feedbackInput, validateFeedback } from "./feedback-form.ts";

const T1 = "0b7e7a3e-2f53-4d6b-9d0e-1d1c7f0a1b21";

const things: Reply<"FeedbackThings"> = {
  data: {
    allThings: {
      __typename: "ThingsConnection",
      nodes: [
        { __typename: "Thing", id: T1, name: "Library Planter", type: "PLANTER" },
        { __typename: "Thing", id: "t2", name: "Station Tree", type: "TREE" },
      ],
    },
  },
};

function feedbacks(items: { id: string; subject: string; message: string; who?: string }[]): Reply<"Feedbacks"> {
  return {
    data: {
      allFeedbacks: {
        __typename: "FeedbacksConnection",
        totalCount: items.length,
        nodes: items.map((item) => ({
          __typename: "Feedback",
          id: item.id,
          subject: item.subject,
          message: item.message,
          createdAt: "2026-11-20T10:00:00Z",
          userId: "u2",
          thingId: null,
          userByUserId: item.who ? { __typename: "User", id: "u2", name: item.who, username: "olive", hasImage: false } : null,
          thingByThingId: null,
        })),
      },
    },
  };
}

describe("feedback rules", () => {
  it("uses the database's messages in its order", () => {
    expect(validateFeedback({ subject: "  ", message: "", thingId: "" })).toEqual({
      subject: FEEDBACK_MESSAGES.subjectRequired,
      message: FEEDBACK_MESSAGES.messageRequired,
      thingId: null,
    });
    expect(validateFeedback({ subject: "x".repeat(201), message: "y".repeat(5001), thingId: "" })).toEqual({
      subject: "Subject must be at most 200 characters",
      message: "Message must be at most 5000 characters",
      thingId: null,
    });
    // Characters, not UTF-16 units, as PostgreSQL's char_length.
    expect(validateFeedback({ subject: "🌱".repeat(200), message: "ok", thingId: "" }).subject).toBeNull();
    expect(feedbackInput({ subject: "Hi", message: "There", thingId: "" })).toEqual({ subject: "Hi", message: "There", thingId: null });
  });
});

describe("the feedback screen", () => {
  it("validates at once, sends subject, message and thing, and confirms", async () => {
    let stored: { id: string; subject: string; message: string }[] = [];
    const app = renderScreen("/form", userSession(), {
      FeedbackThings: things,
      Feedbacks: () => feedbacks(stored),
      CreateFeedback: (variables) => {
        const feedback = variables.feedback as { subject: string; message: string; thingId: string | null };
        stored = [{ id: "f1", ...feedback }];
        return {
          data: {
            createFeedback: {
              __typename: "CreateFeedbackPayload",
              feedback: { __typename: "Feedback", id: "f1", ...feedback, createdAt: "2026-11-20T10:00:00Z" },
            },
          },
        };
      },
    });
    const subject = await screen.findByLabelText("Subject", {}, { timeout: 5000 });
    expect(await screen.findByText("Nothing sent yet. Your messages show here once sent.")).toBeTruthy();
    // The numbers as the reader's language writes them (en-GB here).
    expect(screen.getByText("What happened, what you expected, or your idea. Up to 5,000 characters.")).toBeTruthy();
    expect(screen.getByText("0 / 5,000")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Send feedback" }));
    expect(await screen.findByText("Subject is required")).toBeTruthy();
    expect(screen.getByText("Message is required")).toBeTruthy();
    expect(document.activeElement).toBe(subject);
    expect(app.called("CreateFeedback")).toHaveLength(0);

    fireEvent.change(subject, { target: { value: "Map idea" } });
    await waitFor(() => expect(screen.queryByText("Subject is required")).toBeNull());
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Show the bins on the map." } });
    const select = screen.getByLabelText("About a thing (optional)");
    await waitFor(() => expect(within(select).getByRole("option", { name: "Library Planter" })).toBeTruthy());
    fireEvent.change(select, { target: { value: T1 } });
    fireEvent.click(screen.getByRole("button", { name: "Send feedback" }));

    await waitFor(() => expect(app.called("CreateFeedback")).toHaveLength(1));
    expect(app.called("CreateFeedback")[0].variables).toEqual({
      feedback: { subject: "Map idea", message: "Show the bins on the map.", thingId: T1 },
    });
    expect(await screen.findByRole("heading", { name: "Thank you" })).toBeTruthy();
    expect(app.notices.get().map((n) => n.message)).toContain("Thank you: your feedback has been sent.");
    const list = screen.getByRole("region", { name: /^Feedback you have sent/ });
    expect(await within(list).findByRole("heading", { name: "Map idea" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Send more feedback" }));
    expect(((await screen.findByLabelText("Subject")) as HTMLInputElement).value).toBe("");
  });

  it("shows the server's first message next to the form", async () => {
    renderScreen("/form", userSession(), {
      FeedbackThings: things,
      Feedbacks: feedbacks([]),
      CreateFeedback: failure("Message must be at most 5000 characters", "INVLD"),
    });
    fireEvent.change(await screen.findByLabelText("Subject", {}, { timeout: 5000 }), { target: { value: "Hello" } });
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "There" } });
    fireEvent.click(screen.getByRole("button", { name: "Send feedback" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Message must be at most 5000 characters");
    expect(screen.queryByRole("heading", { name: "Thank you" })).toBeNull();
  });

  it("lists everyone's feedback for admins, who can delete one after confirming", async () => {
    let items = [
      { id: "f1", subject: "Bins", message: "More bins please", who: "Olive Owner" },
      { id: "f2", subject: "Thanks", message: "Lovely app", who: "Olive Owner" },
    ];
    const app = renderScreen("/form", userSession({ role: "bk_admin" }, { role: "bk_admin" }), {
      FeedbackThings: things,
      Feedbacks: () => feedbacks(items),
      DeleteFeedback: (variables) => {
        items = items.filter((item) => item.id !== variables.id);
        return {
          data: { deleteFeedbackById: { __typename: "DeleteFeedbackPayload", feedback: { __typename: "Feedback", id: variables.id } } },
        };
      },
    });
    const list = await screen.findByRole("region", { name: /^Received feedback/ }, { timeout: 5000 });
    expect(await within(list).findByRole("heading", { name: "Bins" })).toBeTruthy();
    expect(within(list).getAllByRole("link", { name: "Olive Owner" })[0].getAttribute("href")).toBe("/users/u2/dashboard");
    fireEvent.click(within(list).getByRole("button", { name: "Delete “Bins”" }));
    fireEvent.click(within(list).getByRole("button", { name: "Delete for good" }));
    await waitFor(() => expect(app.called("DeleteFeedback")[0]?.variables).toEqual({ id: "f1" }));
    await waitFor(() => expect(within(list).queryByRole("heading", { name: "Bins" })).toBeNull());
    expect(app.notices.get().map((n) => n.message)).toContain("Feedback deleted");
  });
});
