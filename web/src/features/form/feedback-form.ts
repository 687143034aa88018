// The feedback form's rules, with the database's messages (db/migrations/*_scorer_and_feedback.sql:
// feedback_subject_valid, feedback_message_valid), checked in the same order.
import { charLength } from "../../../../shared/validation.ts";
import type { FieldErrors } from "../../lib/use-form.ts";

export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 5000;

export const FEEDBACK_MESSAGES = {
  subjectRequired: "Subject is required",
  subjectLength: `Subject must be at most ${SUBJECT_MAX} characters`,
  messageRequired: "Message is required",
  messageLength: `Message must be at most ${MESSAGE_MAX} characters`,
} as const;

export type FeedbackField = "subject" | "message" | "thingId";
export type FeedbackValues = Record<FeedbackField, string>;

export const EMPTY_FEEDBACK: FeedbackValues = { subject: "", message: "", thingId: "" };

export function validateSubject(value: string): string | null {
  if (value.trim() === "") return FEEDBACK_MESSAGES.subjectRequired;
  if (charLength(value) > SUBJECT_MAX) return FEEDBACK_MESSAGES.subjectLength;
  return null;
}

export function validateMessage(value: string): string | null {
  if (value.trim() === "") return FEEDBACK_MESSAGES.messageRequired;
  if (charLength(value) > MESSAGE_MAX) return FEEDBACK_MESSAGES.messageLength;
  return null;
}

export function validateFeedback(values: FeedbackValues): FieldErrors<FeedbackField> {
  return {
    subject: validateSubject(values.subject),
    message: validateMessage(values.message),
    thingId: null,
  };
}

/** The createFeedback input: text as typed (the server keeps it), no thing when none is chosen. */
export function feedbackInput(values: FeedbackValues): { subject: string; message: string; thingId: string | null } {
  return { subject: values.subject, message: values.message, thingId: values.thingId || null };
}
