// Where the tasks screens get their words (issue 25): the texts (lib/i18n/messages/tasks.en-GB.ts
// and tasks.de.ts) arrive with the feature's chunk, their German the first time a German reader
// opens one of its screens (lib/i18n/texts.ts).
import { englishWith, type T } from "../../lib/i18n/english.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import type { MessageKey } from "../../lib/i18n/messages/en-GB.ts";
import { tasksEn } from "../../lib/i18n/messages/tasks.en-GB.ts";
import { defineTexts } from "../../lib/i18n/texts.ts";

export const tasksTexts = defineTexts(tasksEn, {
  de: () => import("../../lib/i18n/messages/tasks.de.ts").then((m) => m.tasksDe),
});

/** A `t` that says the shell's texts and the tasks screens'. */
/** The keys these screens say: the shell's and their own. */
export type TasksKey = MessageKey | keyof typeof tasksEn;
export type TasksT = T<TasksKey>;
/** British English, the default of the feature's pure helpers. */
export const englishTasksT: TasksT = englishWith(tasksTexts);

export function useTasksT(): TasksT {
  return useT(tasksTexts);
}
