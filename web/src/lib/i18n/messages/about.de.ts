// The about page's texts in German, with "du" (about.en-GB.ts has the English and the order).
import type { aboutEn } from "./about.en-GB.ts";

export const aboutDe: Record<keyof typeof aboutEn, string> = {
  "about.title": "Über {product}",
  "about.forTitle": "Wofür {product} da ist",
  "about.intro":
    "{brand, select, bee {{product} hilft Menschen, die Bienen zu füttern: Kümmere dich um Bienen-Cafés, die Blumenkübel mit Wasser in deiner Nähe, und verbinde sie zu Bienenpässen quer durch die Stadt. Halte fest, was du tust, sieh an Bodensensoren, Regen und Wetter, wie es einem Café geht, teile die Arbeit mit anderen und sammle unterwegs Abzeichen.} other {{product} hilft Menschen, sich um die geteilten Dinge um sie herum zu kümmern: Pflanzkübel, Bäume, Bienen-Cafés, Bänke und mehr. Tritt Gruppen bei, halte fest, was du tust, sieh an Bodensensoren, Regen und Wetter, wie es einem Objekt geht, teile die Arbeit mit anderen und sammle unterwegs Abzeichen.}}",
  "about.browse": "{brand, select, bee {Cafés ansehen} other {Objekte ansehen}}",
  "about.openMap": "Karte öffnen",
  "about.badges": "Deine Abzeichen ansehen",
  "about.appTitle": "Diese App",
  "about.version": "Version",
  "about.site": "Website",
  "about.signedInAs": "Angemeldet als",
  "about.sourcesTitle": "Datenquellen und Nachweise",

  "about.rainfall.name": "Niederschlag",
  "about.rainfall.use":
    "{brand, select, bee {Regenmessstationen auf der Karte und der Regen, der in der Nähe deiner Cafés gefallen ist.} other {Regenmessstationen auf der Karte und der Regen, der in der Nähe deiner Objekte gefallen ist.}}",
  "about.rainfall.credit":
    "Hier werden Niederschlagsdaten der Environment Agency aus ihrer Echtzeit-Daten-API (Beta) genutzt. Enthält Informationen des öffentlichen Sektors, lizenziert unter der <link>Open Government Licence v3.0</link>.",
  "about.weather.name": "Wettervorhersagen",
  "about.weather.use":
    "{brand, select, bee {Die Vorhersage, die bei jedem Café steht.} other {Die Vorhersage, die bei jedem Objekt steht.}}",
  "about.weather.credit": "Wetterdaten von <site>Open-Meteo.com</site>, lizenziert unter <licence>CC BY 4.0</licence>.",
  "about.soilscapes.name": "Soilscapes",
  "about.soilscapes.use":
    "{brand, select, bee {Bodenart, Entwässerung, Fruchtbarkeit und Lebensräume am Standort jedes Cafés, und die Kartenebene Soilscapes.} other {Bodenart, Entwässerung, Fruchtbarkeit und Lebensräume am Standort jedes Objekts, und die Kartenebene Soilscapes.}}",
  "about.soilscapes.credit":
    "Soilscapes © Cranfield University (NSRI) und für den Controller of HMSO, aus <link>LandIS</link> (Land Information System).",
  "about.blines.name": "B-Lines",
  "about.blines.use": "Die Kartenebene B-Lines: Wege für bestäubende Insekten quer durchs Land.",
  "about.blines.credit": "B-Lines © <link>Buglife</link>, mit Daten von Natural England.",
  "about.maps.name": "Karten",
  "about.maps.use": "Gelände-, topografische und Satelliten-Grundkarten.",
  "about.maps.credit":
    "Kartendaten © <link>OpenStreetMap</link>-Mitwirkende (ODbL). Jede Kartenebene nennt ihren eigenen Anbieter in der Ecke der Karte.",
  "about.sensors.name": "Sensoren",
  "about.sensors.use": "Messwerte zu Bodenfeuchte, Temperatur, Leitfähigkeit und pH-Wert.",
  "about.sensors.credit": "LoRaWAN-Geräte im <link>The Things Network</link>, betreut von unserer Community.",
};
