// The care assistant's chat panel in British English (features/chat, on a thing's page), in the
// order the panel shows it. The German twin is chat.de.ts. The message rules' texts are the
// database's (lib/i18n/known-texts), said in the reader's language where they are shown.

export const chatEn = {
  "chat.title": "Ask the care assistant",
  "chat.subtitle": "Answers from its readings, care, weather and soil",
  "chat.hide": "Hide",
  "chat.open": "Open",
  "chat.guest":
    "Sign in to ask the care assistant about {thing}: whether it needs water, when it was last watered, what its soil means and what to do this week.",
  "chat.signIn": "Sign in to ask",
  "chat.conversation": "Your conversation about {thing}",
  "chat.loading": "Loading your conversation…",
  "chat.empty":
    "{brand, select, bee {Ask anything about this cafe. The care assistant answers from its own data: the latest soil readings, recent care, the weather forecast, rain nearby and the soil type, and says which figures it used.} other {Ask anything about this thing. The care assistant answers from its own data: the latest soil readings, recent care, the weather forecast, rain nearby and the soil type, and says which figures it used.}}",
  "chat.private": "Only you can see this conversation.",
  "chat.sending": "Sending…",
  "chat.thinking": "Thinking…",
  "chat.slow": "This is taking longer than usual. The answer will appear here when it is ready.",
  "chat.loadFailed": "Your conversation could not be loaded.",
  "chat.tryAgain": "Try again",
  "chat.sendFailed": "Your question could not be sent. Please try again.",
  "chat.suggestions": "Suggested questions",
  "chat.tryAsking": "Try asking",
  "chat.question.needsWater": "Does it need water?",
  "chat.question.lastWatered": "When was it last watered?",
  "chat.question.sensor": "Is the sensor working?",
  "chat.question.soil": "What does the soil mean?",
  "chat.question.week": "What should I do this week?",
  "chat.questionLabel": "Your question about {thing}",
  "chat.placeholder": "Ask about {thing}…",
  "chat.send": "Send",
  "chat.hint": "Enter to send, Shift+Enter for a new line",
  "chat.count": "{length} of {max} characters",
  "chat.youAsked": "You asked:",
  "chat.assistantSaid": "Care assistant:",
  "chat.you": "You",
  "chat.assistant": "Care assistant",
  "chat.failed": "Could not answer fully",
  "chat.yesterday": "Yesterday, {time}",
} as const;
