// A picture for every demo thing, drawn here (a simple SVG scene per thing type) and put through
// the same pipeline as an upload: sharp makes the three WebP sizes (server/images/variants.ts)
// and the configured picture store (server/storage) keeps them under the thing's keys, so they
// are served, cached and moved like any uploaded picture. Drawn at seed time, nothing bundled:
// the repository stays small and there is no third-party licence to track.
import type { PictureStore } from "../../server/storage/index.ts";
import type { Queryable } from "../../domain/environment/cache.ts";
import { imageKey, VARIANT_NAMES } from "../../server/images/layout.ts";
import sharp from "sharp";
import { renderVariants } from "../../server/images/variants.ts";
import { seededRandom, pick, type Random } from "./random.ts";

export const WIDTH = 1200;
export const HEIGHT = 900;
/** Drawn at this width: the large size, twice the medium (so a card never stretches a picture). */
const RENDER_WIDTH = 1024;
const GROUND = 640;

const PETALS = ["#f6c445", "#e8578a", "#9b6bd3", "#ffffff", "#f28c38", "#4f8fd9", "#d9413b"];

function flower(r: Random, x: number, y: number, size: number, colour = pick(r, PETALS)): string {
  const stem = size * (2.5 + r() * 2);
  return (
    `<path d="M${x} ${y} q ${(r() - 0.5) * 20} ${-stem / 2} 0 ${-stem}" stroke="#3f7d32" stroke-width="${size / 4}" fill="none"/>` +
    [0, 72, 144, 216, 288]
      .map(
        (a) =>
          `<circle cx="${x + Math.cos((a * Math.PI) / 180) * size * 0.7}" cy="${y - stem + Math.sin((a * Math.PI) / 180) * size * 0.7}" r="${size * 0.6}" fill="${colour}"/>`,
      )
      .join("") +
    `<circle cx="${x}" cy="${y - stem}" r="${size * 0.45}" fill="#f3d36b" stroke="#a0761c" stroke-width="2"/>`
  );
}

function flowers(r: Random, x0: number, x1: number, y: number, n: number, size: number): string {
  let out = "";
  for (let i = 0; i < n; i++) out += flower(r, x0 + r() * (x1 - x0), y + r() * 12, size * (0.7 + r() * 0.6));
  return out;
}

function grass(r: Random, y: number, n: number): string {
  let out = "";
  for (let i = 0; i < n; i++) {
    const x = r() * WIDTH;
    out += `<path d="M${x} ${y + 10 + r() * 240} l ${(r() - 0.5) * 16} -${18 + r() * 26}" stroke="#4d8f3a" stroke-width="4" stroke-linecap="round"/>`;
  }
  return out;
}

function bee(x: number, y: number, s: number): string {
  return (
    `<g transform="translate(${x} ${y}) scale(${s})">` +
    `<ellipse cx="-8" cy="-22" rx="18" ry="12" fill="#e6f2ff" opacity="0.85"/><ellipse cx="10" cy="-24" rx="18" ry="12" fill="#e6f2ff" opacity="0.85"/>` +
    `<ellipse cx="0" cy="0" rx="30" ry="20" fill="#f2b705"/>` +
    `<rect x="-12" y="-19" width="8" height="38" fill="#2b2b2b"/><rect x="4" y="-19" width="8" height="38" fill="#2b2b2b"/>` +
    `<circle cx="30" cy="-3" r="10" fill="#2b2b2b"/></g>`
  );
}

function tree(r: Random, x: number, fruit: string | null): string {
  let canopy = "";
  for (let i = 0; i < 9; i++)
    canopy += `<circle cx="${x + (r() - 0.5) * 300}" cy="${330 + (r() - 0.5) * 160}" r="${90 + r() * 50}" fill="${pick(r, ["#3e8a3a", "#4b9a43", "#357a33"])}"/>`;
  let fruits = "";
  if (fruit)
    for (let i = 0; i < 18; i++)
      fruits += `<circle cx="${x + (r() - 0.5) * 340}" cy="${300 + (r() - 0.5) * 200}" r="13" fill="${fruit}" stroke="#00000033" stroke-width="2"/>`;
  return `<path d="M${x - 30} ${GROUND + 20} L${x - 18} 380 L${x + 18} 380 L${x + 30} ${GROUND + 20} Z" fill="#6b4a2b"/>${canopy}${fruits}`;
}

/** The scene for a thing type, varied by the thing's name. */
export function scene(type: string, name: string): string {
  const r = seededRandom([...name].reduce((a, c) => (a * 33 + c.charCodeAt(0)) >>> 0, 5381));
  let body = "";
  switch (type) {
    case "PLANTER":
      body =
        `<rect x="300" y="480" width="600" height="220" rx="14" fill="#8a5a35"/><rect x="300" y="480" width="600" height="30" fill="#6e4526"/>` +
        flowers(r, 330, 870, 490, 22, 22);
      break;
    case "BEECAFE":
      body = flowers(r, 40, 1160, GROUND + 40, 60, 20) + bee(420, 300, 1.6) + bee(800, 380, 1.2);
      break;
    case "FLOWERBED":
      body = `<ellipse cx="600" cy="${GROUND + 90}" rx="500" ry="120" fill="#6b4a2b"/>` + flowers(r, 160, 1040, GROUND + 70, 30, 18);
      break;
    case "VEGETABLEBED": {
      body = `<rect x="120" y="520" width="960" height="200" fill="#7a5230"/><rect x="120" y="500" width="960" height="30" fill="#a0703f"/>`;
      for (let row = 0; row < 3; row++)
        for (let i = 0; i < 9; i++) {
          const x = 170 + i * 105 + row * 20;
          const y = 540 + row * 55;
          body += `<path d="M${x} ${y} c -40 -60 -10 -90 0 -110 c 10 20 40 50 0 110" fill="${row === 1 ? "#5fa04e" : "#3f7d32"}"/>`;
        }
      break;
    }
    case "MEADOW":
      body = grass(r, GROUND - 20, 260) + flowers(r, 0, WIDTH, GROUND + 60, 70, 12) + bee(900, 320, 0.9);
      break;
    case "HEDGE": {
      for (let i = 0; i < 8; i++)
        body += `<ellipse cx="${80 + i * 150}" cy="${GROUND - 40}" rx="120" ry="${110 + r() * 40}" fill="${pick(r, ["#2f6b2c", "#3a7a35", "#2c5f29"])}"/>`;
      body += flowers(r, 40, 1160, GROUND - 20, 14, 10);
      break;
    }
    case "TREE":
      body = tree(r, 600, /pear/i.test(name) ? "#c9c24a" : "#c8372d");
      break;
    case "BENCH":
      body =
        `<rect x="300" y="520" width="600" height="26" rx="6" fill="#9c6a3c"/><rect x="300" y="556" width="600" height="26" rx="6" fill="#9c6a3c"/>` +
        `<rect x="300" y="440" width="600" height="24" rx="6" fill="#8a5a35"/><rect x="300" y="474" width="600" height="24" rx="6" fill="#8a5a35"/>` +
        `<rect x="330" y="440" width="22" height="260" fill="#3b3b3b"/><rect x="848" y="440" width="22" height="260" fill="#3b3b3b"/>` +
        tree(r, 1050, null);
      break;
    case "BIN":
      body = [
        ["#2e7d32", 320],
        ["#1f5fa8", 560],
        ["#6d6d6d", 800],
      ]
        .map(
          ([c, x]) =>
            `<rect x="${x}" y="400" width="180" height="300" rx="16" fill="${c}"/><rect x="${Number(x) - 10}" y="380" width="200" height="36" rx="10" fill="${c}" stroke="#00000040" stroke-width="4"/>` +
            `<path d="M${Number(x) + 90} 500 l 30 50 h -60 z" fill="none" stroke="#ffffff" stroke-width="8"/>`,
        )
        .join("");
      break;
    case "MURAL": {
      body = `<rect x="80" y="160" width="1040" height="520" fill="#d8cbb8"/>`;
      for (let i = 0; i < 14; i++)
        body += `<circle cx="${140 + r() * 920}" cy="${220 + r() * 400}" r="${30 + r() * 80}" fill="${pick(r, PETALS)}" opacity="0.85"/>`;
      body += bee(600, 420, 2.2);
      break;
    }
    case "BOOKSHARE": {
      body = `<rect x="470" y="180" width="260" height="540" rx="12" fill="#c9251c"/><rect x="455" y="160" width="290" height="50" rx="20" fill="#a81e16"/>`;
      for (let shelf = 0; shelf < 3; shelf++) {
        body += `<rect x="500" y="${290 + shelf * 130}" width="200" height="10" fill="#6b4a2b"/>`;
        for (let b = 0; b < 8; b++)
          body += `<rect x="${505 + b * 24}" y="${220 + shelf * 130}" width="20" height="70" fill="${pick(r, PETALS)}" stroke="#00000030"/>`;
      }
      break;
    }
    default:
      body = flowers(r, 100, 1100, GROUND + 40, 20, 20);
  }
  const sun = `<circle cx="${150 + r() * 900}" cy="${110 + r() * 60}" r="60" fill="#ffe07a"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8ec5ee"/><stop offset="1" stop-color="#dff0fb"/></linearGradient></defs>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>${sun}` +
    `<rect y="${GROUND}" width="${WIDTH}" height="${HEIGHT - GROUND}" fill="#7fb069"/>${body}</svg>`
  );
}

/** Draws, stores and records a picture for every demo thing. Two at a time: sharp uses the cores. */
export async function seedPictures(db: Queryable, store: PictureStore): Promise<number> {
  const { rows } = await db.query<{ id: string; name: string; type: string }>({
    text: "select id, name, type::text from app_public.things order by name",
  });
  let next = 0;
  const work = async () => {
    while (next < rows.length) {
      const thing = rows[next++];
      // Rasterised once: each size would otherwise draw the SVG again.
      const raster = await sharp(Buffer.from(scene(thing.type, thing.name)), { density: (72 * RENDER_WIDTH) / WIDTH })
        .png({ compressionLevel: 0 })
        .toBuffer();
      const sizes = await renderVariants(raster);
      await Promise.all(VARIANT_NAMES.map((v, i) => store.put(imageKey("thing", thing.id, v), sizes[i], "image/webp")));
    }
  };
  await Promise.all([work(), work()]);
  await db.query({ text: "update app_public.things set has_image = true where id = any($1::uuid[])", values: [rows.map((r) => r.id)] });
  return rows.length;
}
