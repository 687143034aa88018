// The activity feed's texts (web/src/features/activity). Its action cards are the things
// feature's (things/ActionItem.tsx) and say their own words.
export const activityEn = {
  "activity.today": "Today",
  "activity.yesterday": "Yesterday",
  "activity.title": "Activity",
  "activity.lead":
    "{brand, select, bee {What people have been doing for the cafes around them, {sort, select, oldest {oldest} other {newest}} first{signedIn, select, true {} other { (public cafes only until you sign in)}}.} other {What people have been doing for the things around them, {sort, select, oldest {oldest} other {newest}} first{signedIn, select, true {} other { (public things only until you sign in)}}.}}",
  "activity.options": "Activity options",
  "activity.search": "Search activity",
  "activity.newestFirst": "Newest first",
  "activity.oldestFirst": "Oldest first",
  "activity.show": "Show",
  "activity.everything": "Everything",
  "activity.type.WATERING": "Watering",
  "activity.type.LITTER_CLEANUP": "Litter clean-up",
  "activity.type.UPKEEP": "Upkeep",
  "activity.type.MEASUREMENT": "Measurement",
  "activity.type.EDUCATION": "Education",
  "activity.type.SHARE": "Share",
  "activity.type.CREATED": "Added",
  "activity.loading": "Loading activity…",
  "activity.noneMatch": "No activity matches",
  "activity.clearFilters": "Clear search and filters",
  "activity.tryOtherWords":
    "{brand, select, bee {Try other words: what was done, a comment, a cafe or a person.} other {Try other words: what was done, a comment, a thing or a person.}}",
  "activity.noneOfType":
    "{type, select, WATERING {No watering recorded yet} LITTER_CLEANUP {No litter clean-up recorded yet} UPKEEP {No upkeep recorded yet} MEASUREMENT {No measurement recorded yet} EDUCATION {No education recorded yet} SHARE {No share recorded yet} CREATED {No added recorded yet} other {No action recorded yet}}",
  "activity.showEverything": "Show everything",
  "activity.noneOfTypeText":
    "{brand, select, bee {Nothing of this kind has been recorded on the cafes you can see.} other {Nothing of this kind has been recorded on the things you can see.}}",
  "activity.none": "No activity yet",
  "activity.findThing": "{brand, select, bee {Find a cafe to look after} other {Find a thing to look after}}",
  "activity.noneText":
    "{brand, select, bee {When people water, tidy or measure their cafes, it shows here.} other {When people water, tidy or measure their things, it shows here.}}",
  "activity.noun": "{count, plural, one {action} other {actions}}",
  "activity.thatIsAll": "That is everything.",
} as const;
