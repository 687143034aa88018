import { describe, expect, it } from "vitest";
import { compareTasks, daysUntil, dueText, nextStatus, sortTasks, validateNotes, validateTitle } from "./task-meta.ts";

const TODAY = "2026-11-22";
const task = (extra: Record<string, unknown>) => ({
  id: String(Math.random()),
  title: "A task",
  status: "NOT_STARTED",
  priority: "NORMAL",
  dueDate: null as string | null,
  isOverdue: false,
  completedAt: null as string | null,
  createdAt: "2026-11-01T10:00:00Z",
  ...extra,
});

describe("due dates", () => {
  it("says how far away the due date is", () => {
    expect(dueText(task({ dueDate: "2026-11-22" }), TODAY).text).toBe("Due today");
    expect(dueText(task({ dueDate: "2026-11-23" }), TODAY).text).toBe("Due tomorrow");
    expect(dueText(task({ dueDate: "2026-11-25" }), TODAY).text).toBe("Due in 3 days");
    expect(dueText(task({ dueDate: "2026-12-14" }), TODAY).text).toBe("Due Mon 14 Dec");
    expect(dueText(task({ dueDate: "2027-01-04" }), TODAY).text).toBe("Due Mon 4 Jan 2027");
    expect(dueText(task({ dueDate: "2026-11-21" }), TODAY)).toMatchObject({ text: "1 day overdue", tone: "overdue" });
    expect(dueText(task({ dueDate: "2026-11-19" }), TODAY).text).toBe("3 days overdue");
    expect(dueText(task({}), TODAY).text).toBe("No due date");
    expect(dueText(task({ status: "COMPLETED", dueDate: "2026-11-01" }), TODAY).tone).toBe("done");
  });

  it("counts days across month and year ends", () => {
    expect(daysUntil("2027-01-01", "2026-12-31")).toBe(1);
    expect(daysUntil("2026-03-01", "2026-02-28")).toBe(1);
  });
});

describe("list order", () => {
  it("puts overdue tasks first, then by due date (none last), then priority, completed at the end", () => {
    const later = task({ title: "later", dueDate: "2026-12-01", priority: "HIGH" });
    const overdue = task({ title: "overdue", dueDate: "2026-11-10", isOverdue: true });
    const soonLow = task({ title: "soon low", dueDate: "2026-11-23", priority: "LOW" });
    const soonHigh = task({ title: "soon high", dueDate: "2026-11-23", priority: "HIGH" });
    const undated = task({ title: "undated", priority: "HIGH" });
    const done = task({
      title: "done",
      status: "COMPLETED",
      dueDate: "2026-11-01",
      completedAt: "2026-11-20T10:00:00Z",
    });
    const order = sortTasks([done, undated, later, soonLow, overdue, soonHigh], TODAY).map((t) => t.title);
    expect(order).toEqual(["overdue", "soon high", "soon low", "later", "undated", "done"]);
  });

  it("treats a past due date as overdue even before the server says so", () => {
    const a = task({ title: "a", dueDate: "2026-11-21", isOverdue: false });
    const b = task({ title: "b", dueDate: "2026-11-22" });
    expect(compareTasks(a, b, TODAY)).toBeLessThan(0);
  });

  it("moves a task along: not started, in progress, completed", () => {
    expect(nextStatus("NOT_STARTED")).toBe("IN_PROGRESS");
    expect(nextStatus("IN_PROGRESS")).toBe("COMPLETED");
  });
});

describe("validation", () => {
  it("uses the database's messages", () => {
    expect(validateTitle("")).toBe("Title is required");
    expect(validateTitle("   ")).toBe("Title is required");
    expect(validateTitle("ab")).toBe("Title must be between 3 and 255 characters");
    expect(validateTitle(" ab ")).toBe("Title must be between 3 and 255 characters");
    expect(validateTitle("x".repeat(256))).toBe("Title must be between 3 and 255 characters");
    expect(validateTitle("Water it")).toBeNull();
    expect(validateNotes("x".repeat(5001))).toBe("Description must be at most 5000 characters");
    expect(validateNotes("")).toBeNull();
  });
});
