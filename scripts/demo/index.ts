// What makes the demo look alive, added after db/seed/*.sql in the same transaction: waterings
// with litres over 30 days, the weather and rainfall sample, 30 days of probe readings that
// follow both, a picture for every thing, four weeks of browsing, adoptions and watering rotas, and
// every thing's water need.
import type { Queryable } from "../../domain/environment/cache.ts";
import type { PictureStore } from "../../server/storage/index.ts";
import { seedAdoptionsAndRotas } from "./adoptions-and-rotas.ts";
import { seedNavigation } from "./navigation.ts";
import { seedPictures } from "./pictures.ts";
import { seedReadings } from "./readings.ts";
import { seedWaterings } from "./waterings.ts";
import { demoWeather, seedWeather } from "./weather.ts";

export async function seedDemoLife(db: Queryable, store: PictureStore, now = Date.now()): Promise<void> {
  const weather = demoWeather(now);
  await seedWaterings(db);
  await seedWeather(db, weather, now);
  // Readings start drawing pictures meanwhile: sharp works on its own threads.
  const pictures = seedPictures(db, store);
  await seedReadings(db, weather, now);
  await pictures;
  await seedNavigation(db, now);
  await seedAdoptionsAndRotas(db);
  await db.query({ text: "select app_private.refresh_water_need()" });
}
