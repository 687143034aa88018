// The kinds of thing (spec section 3), in the order of the database's enum app_public.thing_type:
// one list for the screens (web/src/lib/thing-types.ts names them), the bench seed and anything
// else that needs them; shared/thing-types.test.ts fails if it and the enum part ways.
export const THING_TYPES = [
  "BEECAFE",
  "APIARY",
  "GREENHOUSE",
  "MEADOW",
  "FLOWERBED",
  "TREE",
  "BIN",
  "PLANTER",
  "HEDGE",
  "GRAVE",
  "VEGETABLEBED",
  "WALL",
  "FENCE",
  "BENCH",
  "MURAL",
  "NOTICEBOARD",
  "BOOKSHARE",
  "PLAQUE",
  "SCULPTURE",
] as const;
export type ThingType = (typeof THING_TYPES)[number];
