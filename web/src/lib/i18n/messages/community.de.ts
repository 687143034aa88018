// Die Texte der Community-Seite auf Deutsch, mit „du“.
import type { communityEn } from "./community.en-GB.ts";

export const communityDe: Record<keyof typeof communityEn, string> = {
  "community.title": "Community",
  "community.lead":
    "{brand, select, bee {Die Bienenpässe und Menschen, die sich gemeinsam um Cafés kümmern. Tritt einem Bienenpass bei oder gründe einen für deine Straße, Wohnanlage oder deinen Obstgarten.} other {Die Gruppen und Menschen, die sich gemeinsam um Objekte kümmern. Tritt einer Gruppe bei oder gründe eine für deine Straße, Wohnanlage oder deinen Obstgarten.}}",
  "community.loadFailed": "Die Community konnte nicht geladen werden",
  "community.inNumbers": "Die Community in Zahlen",
  "community.statVisible": "{brand, select, bee {Bienenpässe, die du sehen kannst} other {Gruppen, die du sehen kannst}}",
  "community.statPublic": "{brand, select, bee {Öffentliche Bienenpässe} other {Öffentliche Gruppen}}",
  "community.yours": "{brand, select, bee {Deine Bienenpässe} other {Deine Gruppen}}",
  "community.loadingYours": "{brand, select, bee {Deine Bienenpässe werden geladen …} other {Deine Gruppen werden geladen …}}",
  "community.noneJoined":
    "{brand, select, bee {Du bist noch keinem Bienenpass beigetreten} other {Du bist noch keiner Gruppe beigetreten}}",
  "community.find": "{brand, select, bee {Bienenpass finden} other {Gruppe finden}}",
  "community.noneJoinedText": "Tritt unten einer bei, oder gründe deine eigene und lade die Nachbarschaft ein.",
  "community.newestPublic": "{brand, select, bee {Neueste öffentliche Bienenpässe} other {Neueste öffentliche Gruppen}}",
  "community.nonePublic": "{brand, select, bee {Noch keine öffentlichen Bienenpässe} other {Noch keine öffentlichen Gruppen}}",
  "community.beFirst":
    "{brand, select, bee {Sei die oder der Erste: Gründe einen Bienenpass und lade Leute ein mitzumachen.} other {Sei die oder der Erste: Gründe eine Gruppe und lade Leute ein mitzumachen.}}",
  "community.newestMembers": "Neueste Mitglieder",
  "community.seeAllPeople": "Alle Leute ansehen",
  "community.signInToMeet": "Melde dich an, um die Leute kennenzulernen",
  "community.profilesSignedIn": "Profile sind nur für angemeldete Mitglieder der Community sichtbar.",
  "community.loadingPeople": "Leute werden geladen …",
  "community.peopleWhoJoin":
    "{brand, select, bee {Wer Bienenpässen beitritt, erscheint hier.} other {Wer Gruppen beitritt, erscheint hier.}}",
  "community.joinedGroup": "ist {group} {when} beigetreten",
  "community.joined": "ist {when} beigetreten",
};
