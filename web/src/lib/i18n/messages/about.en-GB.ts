// The about page's texts (/about, features/about/), in the order the page shows them. The
// attributions are what the data's licences ask for; the links inside them are <tags>.
export const aboutEn = {
  "about.title": "About {product}",
  "about.forTitle": "What {product} is for",
  "about.intro":
    "{brand, select, bee {{product} helps people feed the bees: look after bee cafes, the flower planters with water near you, and join them up into beepasses across town. Record the care you give, see how a cafe is doing from its soil sensors, rainfall and weather, share the work with collaborators, and earn badges along the way.} other {{product} helps people look after the shared things around them: planters, trees, bee cafes, benches and more. Join groups, record the care you give, see how a thing is doing from its soil sensors, rainfall and weather, share the work with collaborators, and earn badges along the way.}}",
  "about.browse": "{brand, select, bee {Browse cafes} other {Browse things}}",
  "about.openMap": "Open the map",
  "about.badges": "See your badges",
  "about.appTitle": "This app",
  "about.version": "Version",
  "about.site": "Site",
  "about.signedInAs": "Signed in as",
  "about.sourcesTitle": "Data sources and attributions",

  "about.rainfall.name": "Rainfall",
  "about.rainfall.use":
    "{brand, select, bee {Rainfall stations on the map and the rain that fell near each of your cafes.} other {Rainfall stations on the map and the rain that fell near each of your things.}}",
  "about.rainfall.credit":
    "This uses Environment Agency rainfall data from the real-time data API (Beta). Contains public sector information licensed under the <link>Open Government Licence v3.0</link>.",
  "about.weather.name": "Weather forecasts",
  "about.weather.use": "{brand, select, bee {The forecast shown for each cafe.} other {The forecast shown for each thing.}}",
  "about.weather.credit": "Weather data by <site>Open-Meteo.com</site>, licensed under <licence>CC BY 4.0</licence>.",
  "about.soilscapes.name": "Soilscapes",
  "about.soilscapes.use":
    "{brand, select, bee {Soil texture, drainage, fertility and habitats at each cafe’s location, and the soilscapes map layer.} other {Soil texture, drainage, fertility and habitats at each thing’s location, and the soilscapes map layer.}}",
  "about.soilscapes.credit":
    "Soilscapes © Cranfield University (NSRI) and for the Controller of HMSO, from <link>LandIS</link> (Land Information System).",
  "about.blines.name": "B-Lines",
  "about.blines.use": "The B-Lines map layer: routes for pollinating insects across the countryside.",
  "about.blines.credit": "B-Lines © <link>Buglife</link>, with data from Natural England.",
  "about.maps.name": "Maps",
  "about.maps.use": "Terrain, topographic and satellite base maps.",
  "about.maps.credit":
    "Map data © <link>OpenStreetMap</link> contributors (ODbL). Each map tile layer credits its own provider in the corner of the map.",
  "about.sensors.name": "Sensors",
  "about.sensors.use": "Soil moisture, temperature, conductivity and pH readings.",
  "about.sensors.credit": "LoRaWAN devices on <link>The Things Network</link>, looked after by our community.",
} as const;
