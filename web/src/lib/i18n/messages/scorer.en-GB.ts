// The scorer's texts in British English (features/scorer: /scorer, the leaderboards), in the order
// the page shows them. The German twin is scorer.de.ts. Brand words are whole sentences per brand.

export const scorerEn = {
  "scorer.title": "Scorer",
  "scorer.lead":
    "{brand, select, bee {Care points: one for every action recorded on a cafe, watering, clean-ups, upkeep and the rest. Beepasses score the actions on their cafes. Litres count the water recorded with waterings.} other {Care points: one for every action recorded on a thing, watering, clean-ups, upkeep and the rest. Groups score the actions on their things. Litres count the water recorded with waterings.}}",
  "scorer.rankBy": "Rank by",
  "scorer.carePoints": "Care points",
  "scorer.litres": "Litres of water",
  "scorer.periods": "Period",
  "scorer.period.week": "This week",
  "scorer.period.month": "This month",
  "scorer.period.all": "All time",
  "scorer.standing":
    "You are {joint, select, yes {joint } other {}}{rank, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} {period, select, MONTH {this month} ALL_TIME {of all time} other {this week}}, with {amount}.",
  "scorer.ordinal": "{rank, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}",
  "scorer.pointsAmount": "{count, plural, one {# point} other {# points}}",
  "scorer.noPoints": "You have no care points {period, select, MONTH {this month} ALL_TIME {so far} other {this week}} yet.",
  "scorer.noLitres": "You have no litres of water recorded {period, select, MONTH {this month} ALL_TIME {so far} other {this week}} yet.",
  "scorer.recordAction":
    "{brand, select, bee {Record an action on a cafe to get on the board.} other {Record an action on a thing to get on the board.}}",
  "scorer.recordLitres":
    "{brand, select, bee {Record a watering with its litres on a cafe to get on the board.} other {Record a watering with its litres on a thing to get on the board.}}",
  "scorer.people": "People",
  "scorer.groups": "{brand, select, bee {Beepasses} other {Groups}}",
  "scorer.loadingPeople": "Loading people…",
  "scorer.loadingGroups": "{brand, select, bee {Loading beepasses…} other {Loading groups…}}",
  "scorer.you": "You",
  "scorer.yourGroup": "{brand, select, bee {Your beepass} other {Your group}}",
  "scorer.findThing": "{brand, select, bee {Find a cafe} other {Find a thing}}",
  "scorer.noCare":
    "No care recorded {period, select, MONTH {this month} ALL_TIME {so far} other {this week}} yet. The first action recorded puts its maker on the board.",
  "scorer.signInToSee":
    "{brand, select, bee {Sign in to see who has been looking after cafes the most.} other {Sign in to see who has been looking after things the most.}}",
  "scorer.seeGroups": "{brand, select, bee {See beepasses} other {See groups}}",
  "scorer.noGroupScores":
    "{brand, select, bee {No beepass has scored {period, select, MONTH {this month} ALL_TIME {so far} other {this week}} yet. Actions on a beepass’s cafes count for it.} other {No group has scored {period, select, MONTH {this month} ALL_TIME {so far} other {this week}} yet. Actions on a group’s things count for it.}}",
  "scorer.rank": "Rank",
  "scorer.someone": "Someone",
  "scorer.waterings": "{count, plural, one {# watering} other {# waterings}}",
  "scorer.pointWord": "{count, plural, one {point} other {points}}",
} as const;
