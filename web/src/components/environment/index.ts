// Environmental panels and small maps, ready to drop into screens. All are light to import:
// maplibre and chart.js load only when a map or a chart is actually shown.
//
//   import { WeatherPanel, RainfallPanel, SoilscapePanel, LocationMap, LocationPicker } from "../../components/environment/index.ts";
//   <WeatherPanel latitude={lat} longitude={lon} />        forecast, "water or wait?", next 48 h and 7 days
//   <RainfallPanel latitude={lat} longitude={lon} />       EA rain gauges within 10 km, last 24 h totals
//   <SoilscapePanel latitude={lat} longitude={lon} />      soil class and its nine attributes in plain words
//   <LocationMap latitude={lat} longitude={lon} label={name} />              read-only mini map with a marker
//   <LocationPicker latitude={text} longitude={text} onChange={...} />       map + inputs + "use my location"
//
// Every panel takes latitude/longitude (x and y of a thing's location) and an optional thingId,
// and optional title and headingLevel (2 by default; 3 inside a section that has an h2).
export { WeatherPanel, type WeatherPanelProps } from "./WeatherPanel.tsx";
export { RainfallPanel, stationName, type RainfallPanelProps } from "./RainfallPanel.tsx";
export { SoilscapePanel, SoilscapeDetails, wateringSummary, type SoilscapePanelProps, type SoilscapeData } from "./SoilscapePanel.tsx";
export { LocationMap, mapLink, type LocationMapProps } from "./LocationMap.tsx";
export { MapBoundary } from "./MapBoundary.tsx";
export { LocationPicker, type LocationPickerProps } from "./LocationPicker.tsx";
export { LOCATION_MESSAGES, coordinatesOf, coordinateText, parseCoordinate, validateLatitude, validateLongitude } from "./coordinates.ts";
export { INDICATORS, indicatorOf, weatherHint, DEFAULT_CENTRE, type Coordinates, type IndicatorInfo } from "./env-format.ts";
export { Attribution, StaleNotice, MapPin } from "./parts.tsx";
