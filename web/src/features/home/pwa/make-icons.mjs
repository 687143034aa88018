// Renders the installable app's PNG icons from the SVGs in web/public/icons/ (run once after
// changing a drawing, then keep the PNGs with the sources):
//
//   node web/src/features/home/pwa/make-icons.mjs
//
// icon.svg (rounded square, transparent corners) -> icon-192.png, icon-512.png ("any")
// icon-maskable.svg (full bleed, leaf inside the safe zone) -> icon-maskable-192/512.png, and the
// 180 px apple-touch-icon.png (iOS rounds the corners itself and shows transparency as black).
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const dir = fileURLToPath(new URL("../../../../public/icons/", import.meta.url));
const jobs = [
  ["icon.svg", "icon-192.png", 192],
  ["icon.svg", "icon-512.png", 512],
  ["icon-maskable.svg", "icon-maskable-192.png", 192],
  ["icon-maskable.svg", "icon-maskable-512.png", 512],
  ["icon-maskable.svg", "apple-touch-icon.png", 180],
];
for (const [source, target, size] of jobs) {
  await sharp(`${dir}${source}`, { density: Math.ceil((72 * size) / 512) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${dir}${target}`);
  console.log(`${target} (${size}x${size})`);
}
