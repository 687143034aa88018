import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ConfirmBox } from "./ConfirmBox.tsx";
import styles from "./ConfirmBox.module.css";

describe("ConfirmBox (issue 23: one confirmation for every destructive action)", () => {
  it("asks in a named group and answers each button once", () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmBox
        label="Delete Station Oak?"
        question="This cannot be undone."
        confirm="Yes, delete"
        cancel="Keep it"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const group = screen.getByRole("group", { name: "Delete Station Oak?" });
    expect(within(group).getByText("This cannot be undone.")).toBeTruthy();
    fireEvent.click(within(group).getByRole("button", { name: "Yes, delete" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    fireEvent.click(within(group).getByRole("button", { name: "Keep it" }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it("disables both buttons while the action runs, and sits inline in a row when asked", () => {
    render(
      <ConfirmBox label="Remove a@b.example?" confirm="Removing…" cancel="Cancel" busy inline onConfirm={vi.fn()} onCancel={vi.fn()} />,
    );
    const group = screen.getByRole("group", { name: "Remove a@b.example?" });
    for (const button of within(group).getAllByRole("button")) expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(group.className).toBe(styles.inline);
    expect(group.querySelector("p")).toBeNull();
  });

  it("has small buttons when asked, as in a list of people, and the usual size otherwise", () => {
    render(
      <ConfirmBox
        label="Remove Ben from this thing?"
        confirm="Remove Ben"
        cancel="Cancel"
        inline
        small
        onConfirm={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    const small = screen.getByRole("group", { name: "Remove Ben from this thing?" });
    for (const button of within(small).getAllByRole("button")) expect(button.classList.contains("button-small")).toBe(true);
    cleanup();
    render(<ConfirmBox label="Delete Oak?" confirm="Delete" cancel="Keep" onConfirm={vi.fn()} onCancel={vi.fn()} />);
    for (const button of within(screen.getByRole("group", { name: "Delete Oak?" })).getAllByRole("button"))
      expect(button.classList.contains("button-small")).toBe(false);
  });
});
