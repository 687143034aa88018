// The community page's texts (web/src/features/community). It shares the group words (a group's
// type, "Owner", "Start a group", member counts) with the group screens: groups.en-GB.ts.
export const communityEn = {
  "community.title": "Community",
  "community.lead":
    "{brand, select, bee {The beepasses and people who look after cafes together. Join a beepass, or start one for your street, estate or orchard.} other {The groups and people who look after things together. Join a group, or start one for your street, estate or orchard.}}",
  "community.loadFailed": "Could not load the community",
  "community.inNumbers": "The community in numbers",
  "community.statVisible": "{brand, select, bee {Beepasses you can see} other {Groups you can see}}",
  "community.statPublic": "{brand, select, bee {Public beepasses} other {Public groups}}",
  "community.yours": "{brand, select, bee {Your beepasses} other {Your groups}}",
  "community.loadingYours": "{brand, select, bee {Loading your beepasses…} other {Loading your groups…}}",
  "community.noneJoined": "{brand, select, bee {You have not joined any beepasses yet} other {You have not joined any groups yet}}",
  "community.find": "{brand, select, bee {Find a beepass} other {Find a group}}",
  "community.noneJoinedText": "Join one below, or start your own and invite neighbours.",
  "community.newestPublic": "{brand, select, bee {Newest public beepasses} other {Newest public groups}}",
  "community.nonePublic": "{brand, select, bee {No public beepasses yet} other {No public groups yet}}",
  "community.beFirst":
    "{brand, select, bee {Be the first: start a beepass and invite people to join.} other {Be the first: start a group and invite people to join.}}",
  "community.newestMembers": "Newest members",
  "community.seeAllPeople": "See all people",
  "community.signInToMeet": "Sign in to meet the people",
  "community.profilesSignedIn": "Profiles are shown to signed-in members of the community only.",
  "community.loadingPeople": "Loading people…",
  "community.peopleWhoJoin": "{brand, select, bee {People who join beepasses show here.} other {People who join groups show here.}}",
  "community.joinedGroup": "joined {group} {when}",
  "community.joined": "joined {when}",
} as const;
