// The environmental panels and their helpers: "water or wait?", indicator colours, soil advice,
// coordinates, basemap configuration, remembered map choices, and the panels against a fake API.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { coordinatesOf, coordinateText, LOCATION_MESSAGES, parseCoordinate, validateLatitude, validateLongitude } from "./coordinates.ts";
import { formatDistance, formatMm, indicatorOf, soilAdvice, timeAgo, upcomingHours, weatherHint } from "./env-format.ts";
import { GEO_MESSAGES, getCurrentPosition, geolocationNotice } from "../../lib/geolocation.ts";
import { DEFAULT_OVERLAYS, loadMapPrefs, MAP_PREFS_KEY, saveMapPrefs } from "./map-prefs.ts";
import { basemapSettings, clearStyleCache, graticule, loadVectorStyle, plainStyle, rasterStyle } from "./map-styles.ts";
import { RainfallPanel } from "./RainfallPanel.tsx";
import { SoilscapePanel } from "./SoilscapePanel.tsx";
import { gqlError, renderWithProviders } from "./test-utils.tsx";
import { WeatherPanel } from "./WeatherPanel.tsx";
import { LocationPicker } from "./LocationPicker.tsx";
import { MemoryStorage } from "../../test/helpers.tsx";

// chart.js and maplibre need a real canvas; the panels' text is what is tested here.
vi.mock("./ForecastChart.tsx", () => ({ default: () => null }));
vi.mock("./LocationPickerMap.tsx", () => ({ default: () => <div data-testid="picker-map" /> }));

const HOUR = 3600_000;
const NOW = Date.UTC(2026, 10, 21, 9, 30);
const iso = (t: number) => new Date(t).toISOString();

function hours(values: { mm: number; chance?: number; temp?: number }[], start = NOW - 30 * 60_000) {
  return values.map((v, i) => ({
    __typename: "HourlyWeather" as const,
    time: iso(start + i * HOUR),
    localTime: iso(start + i * HOUR).slice(0, 16),
    temperature: v.temp ?? 10,
    precipitation: v.mm,
    precipitationProbability: v.chance ?? 50,
  }));
}

describe("weatherHint", () => {
  it("says wait when 5 mm or more is forecast in the next 12 hours", () => {
    const hint = weatherHint(hours([{ mm: 1 }, { mm: 2 }, { mm: 2.5 }]), NOW);
    expect(hint.kind).toBe("wait");
    expect(hint.rainMm).toBe(5.5);
    expect(hint.text).toContain("5.5 mm");
  });

  it("says water when less rain is due, and ignores rain beyond 12 hours", () => {
    const values = Array.from({ length: 20 }, (_, i) => ({ mm: i >= 13 ? 4 : 0.2 }));
    const hint = weatherHint(hours(values), NOW);
    expect(hint.kind).toBe("water");
    expect(hint.rainMm).toBe(2.6);
    expect(weatherHint(hours([{ mm: 0 }]), NOW).text).toBe("No rain is forecast in the next 12 hours.");
  });

  it("does not guess without forecast hours", () => {
    expect(weatherHint([], NOW).kind).toBe("unknown");
    expect(weatherHint(hours([{ mm: 9 }], NOW - 48 * HOUR), NOW).kind).toBe("unknown");
  });

  it("keeps the current hour and the coming ones in order", () => {
    const list = hours([{ mm: 1 }, { mm: 2 }, { mm: 3 }], NOW - 110 * 60_000);
    expect(upcomingHours(list, NOW, 48).map((h) => h.precipitation)).toEqual([2, 3]);
  });
});

describe("formatting and the indicator scale", () => {
  it("maps indicator colours to the spec's words, unknown ones to grey", () => {
    expect(indicatorOf("blue").label).toBe("Too wet");
    expect(indicatorOf("green").label).toBe("Moist");
    expect(indicatorOf("ORANGE").label).toBe("Needs water");
    expect(indicatorOf("red").label).toBe("Too dry");
    expect(indicatorOf(null).label).toBe("Unknown");
    expect(indicatorOf("purple").key).toBe("grey");
  });

  it("writes numbers, distances and ages for people", () => {
    expect(formatMm(1.234)).toBe("1.2 mm");
    expect(formatMm(null)).toBe("–");
    expect(formatDistance(0.46)).toBe("460 m");
    expect(formatDistance(3.21)).toBe("3.2 km");
    expect(timeAgo(NOW - 3 * HOUR, NOW)).toBe("3 hours ago");
    expect(timeAgo(NOW - 30_000, NOW)).toBe("just now");
  });

  it("explains soil attributes for watering", () => {
    expect(soilAdvice("texture", "Sandy")).toMatch(/dries out quickly/);
    expect(soilAdvice("texture", "Clayey")).toMatch(/waterlogged/);
    expect(soilAdvice("drainage", "Impeded drainage")).toMatch(/Water lingers/);
    expect(soilAdvice("drainage", "Naturally wet")).toMatch(/stays wet/);
    expect(soilAdvice("fertility", "Low")).toMatch(/compost/);
    expect(soilAdvice("habitats", "Anything")).toBeNull();
    expect(soilAdvice("texture", null)).toBeNull();
  });
});

describe("coordinates", () => {
  it("validates with the database's messages, in order", () => {
    expect(validateLatitude("")).toBe(LOCATION_MESSAGES.latitudeRequired);
    expect(validateLatitude("north")).toBe("Latitude must be a number");
    expect(validateLatitude("91")).toBe("Latitude must be between -90 and 90");
    expect(validateLongitude("-181")).toBe("Longitude must be between -180 and 180");
    expect(validateLongitude(" -0,9781 ")).toBeNull();
    expect(parseCoordinate("51,45")).toBe(51.45);
    expect(coordinatesOf("51.4543", "-0.9781")).toEqual({ latitude: 51.4543, longitude: -0.9781 });
    expect(coordinatesOf("51.4543", "")).toBeNull();
    expect(coordinateText(51.123456789)).toBe("51.123457");
  });
});

describe("geolocation", () => {
  it("uses the product's messages", async () => {
    expect(geolocationNotice({ code: 1, message: "User denied" })).toBe("Location permission denied: User denied");
    expect(geolocationNotice({ code: 3, message: "" })).toBe(GEO_MESSAGES.unavailable);
    await expect(getCurrentPosition(undefined)).rejects.toThrow(GEO_MESSAGES.unsupported);
    const geo = {
      getCurrentPosition: (ok: PositionCallback) =>
        ok({ coords: { latitude: 51.45, longitude: -0.97, accuracy: 9 } } as GeolocationPosition),
    } as unknown as Geolocation;
    await expect(getCurrentPosition(geo)).resolves.toEqual({ latitude: 51.45, longitude: -0.97, accuracy: 9 });
  });
});

describe("basemaps", () => {
  afterEach(() => clearStyleCache());

  it("offers terrain, satellite, topographic and the built-in plain map by default", () => {
    const { basemaps, defaultId } = basemapSettings(undefined);
    expect(basemaps.map((b) => b.id)).toEqual(["terrain", "satellite", "topographic", "plain"]);
    expect(defaultId).toBe("terrain");
    expect(basemaps.find((b) => b.id === "satellite")!.attribution).toContain("Powered by Esri");
    expect(basemaps.find((b) => b.id === "satellite")!.tiles![0]).toContain("{z}/{y}/{x}");
  });

  it("reads overrides from window.APP_CONFIG.mapStyles", () => {
    const { basemaps, defaultId } = basemapSettings({
      terrain: false,
      topographic: "https://tiles.example.org/{z}/{x}/{y}.png",
      satellite: { style: "https://styles.example.org/sat.json", label: "Aerial" },
      default: "satellite",
    });
    expect(basemaps.map((b) => b.id)).toEqual(["satellite", "topographic", "plain"]);
    expect(defaultId).toBe("satellite");
    expect(basemaps[0]).toMatchObject({ kind: "vector", styleUrl: "https://styles.example.org/sat.json", label: "Aerial" });
    expect(basemaps[1]).toMatchObject({ kind: "raster", tiles: ["https://tiles.example.org/{z}/{x}/{y}.png"] });
  });

  it("builds offline-safe styles: a background first, raster tiles over it", () => {
    const plain = plainStyle({ latitude: 51.45, longitude: -0.97 });
    expect(plain.layers[0]).toMatchObject({ id: "background", type: "background" });
    expect(Object.values(plain.sources).every((s) => s.type === "geojson")).toBe(true);
    const satellite = rasterStyle(basemapSettings(undefined).basemaps[1]);
    expect(satellite.layers.map((l) => l.id)).toEqual(["background", "graticule", "graticule-fine", "basemap"]);
    expect(satellite.sources.basemap).toMatchObject({ type: "raster", tileSize: 256 });
    expect(graticule().features.length).toBe(361 + 161);
  });

  it("fetches a vector style once, and rejects what is not a style", async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ version: 8, sources: {}, layers: [] })));
    await loadVectorStyle("https://a.example/style.json", { fetchImpl });
    await loadVectorStyle("https://a.example/style.json", { fetchImpl });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const bad = vi.fn(async () => new Response("<html>", { status: 200 }));
    await expect(loadVectorStyle("https://b.example/style.json", { fetchImpl: bad })).rejects.toThrow();
    const down = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(loadVectorStyle("https://c.example/style.json", { fetchImpl: down })).rejects.toThrow("Failed to fetch");
  });
});

describe("remembered map choices", () => {
  it("loads defaults, saves and reads back, and survives a damaged entry", () => {
    const storage = new MemoryStorage();
    expect(loadMapPrefs(storage)).toEqual({ basemap: null, overlays: DEFAULT_OVERLAYS });
    saveMapPrefs({ basemap: "satellite", overlays: { ...DEFAULT_OVERLAYS, soilscapes: true } }, storage);
    expect(loadMapPrefs(storage)).toEqual({ basemap: "satellite", overlays: { ...DEFAULT_OVERLAYS, soilscapes: true } });
    storage.setItem(MAP_PREFS_KEY, "{not json");
    expect(loadMapPrefs(storage).overlays).toEqual(DEFAULT_OVERLAYS);
  });
});

//------------------------------------------------------------------------------------------
// Panels against a fake API

const META = { source: "cache", attribution: "", licence: null, notice: null, stale: false, fetchedAt: iso(Date.now() - 10 * 60_000) };

describe("WeatherPanel", () => {
  it("shows the hint, the next days, a stale notice and the credit", async () => {
    const now = Date.now();
    renderWithProviders(<WeatherPanel latitude={51.4543} longitude={-0.9781} />, {
      EnvWeatherForecast: {
        data: {
          nearestWeatherForecasts: {
            __typename: "WeatherForecast",
            ...META,
            stale: true,
            notice: "Open-Meteo could not be reached; showing data fetched 3 hours ago.",
            attribution: "Weather data by Open-Meteo.com (CC BY 4.0)",
            licence: "CC BY 4.0",
            latitude: 51.5,
            longitude: -1.0,
            timezone: "Europe/London",
            elevation: 40,
            hourly: hours([{ mm: 3 }, { mm: 3 }, { mm: 0 }], now - 20 * 60_000),
            daily: [0, 1, 2].map((i) => {
              const d = new Date(now + i * 24 * HOUR);
              const date = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
              return { __typename: "DailyWeather", date, temperatureMin: 4 + i, temperatureMax: 12 + i, precipitationSum: 6 };
            }),
          },
        },
      },
    });
    await screen.findByText("Wait: rain is on the way");
    expect(screen.getByText(/About 6\.0 mm of rain/)).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain("Open-Meteo could not be reached");
    expect(screen.getByText("Today")).toBeTruthy();
    expect(screen.getAllByRole("listitem")).toHaveLength(3);
    expect(screen.getByText(/Weather data by Open-Meteo\.com \(CC BY 4\.0\)/)).toBeTruthy();
    expect(screen.getByRole("img", { name: /Next 3 hours: 6\.0 mm of rain in all/ })).toBeTruthy();
  });

  it("shows the server's message when there is no forecast", async () => {
    renderWithProviders(<WeatherPanel latitude={51.45} longitude={-0.97} />, {
      EnvWeatherForecast: gqlError("Weather forecasts are unavailable right now", "UNAVL", "nearestWeatherForecasts"),
    });
    expect((await screen.findByRole("alert")).textContent).toContain("Weather forecasts are unavailable right now");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

describe("RainfallPanel", () => {
  it("lists the nearest stations with their last 24 hours and links", async () => {
    const { calls } = renderWithProviders(<RainfallPanel latitude={51.4543} longitude={-0.9781} />, {
      EnvRainfallStations: {
        data: {
          rainfallStations: {
            __typename: "RainfallStations",
            ...META,
            attribution: "this uses Environment Agency rainfall data from the real-time data API (Beta)",
            stations: [
              {
                __typename: "RainfallStation",
                id: "FAR1",
                label: "Far Gauge",
                lat: 51.52,
                long: -0.97,
                distance: 7.4,
                town: null,
                riverName: null,
                catchmentName: null,
              },
              {
                __typename: "RainfallStation",
                id: "E7050",
                label: "Reading Caversham",
                lat: 51.468,
                long: -0.97,
                distance: 0.894,
                town: "Reading",
                riverName: null,
                catchmentName: null,
              },
            ],
          },
        },
      },
      EnvRainfallStationSummary: (v) => ({
        data: {
          rainfallStation: {
            __typename: "RainfallStationDetails",
            ...META,
            id: v.id,
            label: null,
            town: null,
            lat: 51.46,
            long: -0.97,
            last24hTotal: v.id === "E7050" ? 12.4 : null,
            last24hReadings: v.id === "E7050" ? 84 : 0,
            latestReading: null,
          },
        },
      }),
    });
    const links = await screen.findAllByRole("link");
    expect(links.map((a) => a.textContent)).toEqual(["Reading Caversham", "Far Gauge"]);
    expect(links[0].getAttribute("href")).toBe("/rainfall/E7050");
    await screen.findByText("12.4 mm");
    expect(screen.getByText("No reading in the last 24 hours")).toBeTruthy();
    expect(screen.getByText(/This uses Environment Agency rainfall data/)).toBeTruthy();
    expect(calls.find((c) => c.operationName === "EnvRainfallStations")!.variables).toEqual({ x: 51.4543, y: -0.9781, dist: 10 });
  });

  it("says when there is no gauge nearby", async () => {
    renderWithProviders(<RainfallPanel latitude={55} longitude={-3} />, {
      EnvRainfallStations: { data: { rainfallStations: { __typename: "RainfallStations", ...META, attribution: "EA", stations: [] } } },
    });
    expect(await screen.findByText(/No Environment Agency rain gauge within 10 km/)).toBeTruthy();
  });
});

describe("SoilscapePanel", () => {
  it("explains the class and its attributes", async () => {
    renderWithProviders(<SoilscapePanel latitude={51.49} longitude={-1} headingLevel={3} />, {
      EnvSoilscape: {
        data: {
          soilscape: {
            __typename: "Soilscape",
            classNumber: 3,
            name: "Shallow lime-rich soils over chalk or limestone",
            texture: "Loamy",
            drainage: "Freely draining",
            fertility: "High",
            landcover: "Arable and grassland",
            habitats: "Herb-rich chalk pastures",
            carbon: "Low",
            drainsTo: "Groundwater",
            waterProtection: null,
            generalCropping: "Cereals",
            isSample: true,
            attribution: "Illustrative sample for the Reading demo area, not survey data",
            source: null,
          },
        },
      },
    });
    await screen.findByText("Shallow lime-rich soils over chalk or limestone");
    expect(screen.getByRole("heading", { level: 3, name: "Soil" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 4, name: "What it means for watering" })).toBeTruthy();
    expect(screen.getByText(/Loamy soil holds water well/)).toBeTruthy();
    expect(screen.getByText(/Rain soaks away quickly/)).toBeTruthy();
    expect(screen.getByText(/Sample data/)).toBeTruthy();
    const terms = screen.getAllByRole("term").map((t) => t.firstChild?.textContent);
    expect(terms).toEqual([
      "Texture",
      "Drainage",
      "Fertility",
      "Land cover",
      "Habitats",
      "Carbon",
      "Drains to",
      "Water protection",
      "General cropping",
    ]);
    expect(screen.getByText("Not recorded")).toBeTruthy();
  });

  it("says so where no soilscape is mapped", async () => {
    renderWithProviders(<SoilscapePanel latitude={40} longitude={-3} />, { EnvSoilscape: { data: { soilscape: null } } });
    expect(await screen.findByText(/No soilscape is mapped at this place/)).toBeTruthy();
  });
});

describe("LocationPicker", () => {
  it("validates as the database does once a field is left, and takes the device's location", async () => {
    let value = { latitude: "", longitude: "" };
    const onChange = vi.fn((next: typeof value) => {
      value = next;
    });
    const geolocation = {
      getCurrentPosition: (ok: PositionCallback) =>
        ok({ coords: { latitude: 51.4543219, longitude: -0.9781, accuracy: 5 } } as GeolocationPosition),
    };
    Object.defineProperty(navigator, "geolocation", { value: geolocation, configurable: true });
    const view = renderWithProviders(<LocationPicker latitude="95" longitude="" onChange={onChange} />, {});
    const group = await screen.findByRole("group", { name: "Location" });
    const latitude = within(group).getByLabelText("Latitude");
    expect(screen.queryByText("Latitude must be between -90 and 90")).toBeNull();
    fireEvent.blur(latitude);
    expect(await screen.findByText("Latitude must be between -90 and 90")).toBeTruthy();
    expect(latitude.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(latitude, { target: { value: "51.5" } });
    expect(onChange).toHaveBeenLastCalledWith({ latitude: "51.5", longitude: "" });
    fireEvent.click(screen.getByRole("button", { name: "Use my location" }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ latitude: "51.454322", longitude: "-0.9781" }));
    expect(view.getByTestId("picker-map")).toBeTruthy();
  });
});
