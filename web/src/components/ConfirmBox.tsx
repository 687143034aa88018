import type { ReactNode } from "react";
import styles from "./ConfirmBox.module.css";

export interface ConfirmBoxProps {
  /** The accessible name of the group, a question (assistive technology reads it on focus). */
  label: string;
  /** The visible question; omitted where the buttons alone say it (a row's "Yes, remove"). */
  question?: ReactNode;
  confirm: string;
  cancel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the confirmed action runs: both buttons disabled (the confirm label says what runs). */
  busy?: boolean;
  /** In a row of a list, beside the row's text, rather than a box under a section. */
  inline?: boolean;
  /** Small buttons, for a row whose other buttons are small (a list of people). */
  small?: boolean;
}

/**
 * "Are you sure?" before a destructive action, asked in place (no modal): one look and one pair of
 * buttons for deleting a thing, a device, a group, a task, an action or an e-mail address, and for
 * removing a person from a thing or a group.
 */
export function ConfirmBox({
  label,
  question,
  confirm,
  cancel,
  onConfirm,
  onCancel,
  busy = false,
  inline = false,
  small = false,
}: ConfirmBoxProps) {
  const size = small ? " button-small" : "";
  return (
    <div className={inline ? styles.inline : styles.box} role="group" aria-label={label}>
      {question ? <p className={styles.question}>{question}</p> : null}
      <div className={styles.buttons}>
        <button type="button" className={`button button-danger${size}`} disabled={busy} onClick={onConfirm}>
          {confirm}
        </button>
        <button type="button" className={`button button-secondary${size}`} disabled={busy} onClick={onCancel}>
          {cancel}
        </button>
      </div>
    </div>
  );
}
