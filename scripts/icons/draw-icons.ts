import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { icnsFile, icoFile, ICNS_TYPES } from './icon-containers';

/**
 * Draws Stratum's icon (`npm run icons`): strata, layers of a document cut into chunks, over a dark
 * rounded square, with the cut of a chunk boundary across them. Writes the sizes each target needs into
 * resources/: icons/<n>x<n>.png (Linux), icon.png (512 px), icon.ico (Windows), icon.icns (macOS).
 */

const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
const LAYERS = [
  { colour: '#5eead4', inset: 0.16, shift: 0 },
  { colour: '#2dd4bf', inset: 0.2, shift: 0.04 },
  { colour: '#38bdf8', inset: 0.14, shift: -0.03 },
  { colour: '#818cf8', inset: 0.22, shift: 0.02 },
  { colour: '#a78bfa', inset: 0.18, shift: -0.01 },
];

function drawIcon(size: number): Buffer {
  const canvas = createCanvas(size, size);
  const context = canvas.getContext('2d');
  // Rounded square with the margin macOS and Windows icons keep around their shape.
  const margin = size * 0.06;
  const side = size - 2 * margin;
  context.fillStyle = '#0f172a';
  context.beginPath();
  context.roundRect(margin, margin, side, side, side * 0.2);
  context.fill();

  const top = margin + side * 0.17;
  const bandGap = side * 0.035;
  const bandHeight = (side * 0.66 - bandGap * (LAYERS.length - 1)) / LAYERS.length;
  LAYERS.forEach((layer, index) => {
    const left = margin + side * (layer.inset + layer.shift);
    const width = side * (1 - 2 * layer.inset);
    context.fillStyle = layer.colour;
    context.beginPath();
    context.roundRect(left, top + index * (bandHeight + bandGap), width, bandHeight, bandHeight * 0.35);
    context.fill();
  });

  // A chunk boundary cutting through the strata.
  const cutY = top + 3 * (bandHeight + bandGap) - bandGap / 2;
  context.strokeStyle = '#fb923c';
  context.lineWidth = Math.max(1, side * 0.03);
  context.lineCap = 'round';
  context.beginPath();
  context.moveTo(margin + side * 0.08, cutY);
  context.lineTo(margin + side * 0.92, cutY);
  context.stroke();
  return canvas.toBuffer('image/png');
}

const resources = path.resolve(import.meta.dirname, '../../resources');
const pngBySize = new Map(LINUX_SIZES.map((size) => [size, drawIcon(size)]));
const png = (size: number): Buffer => pngBySize.get(size) ?? drawIcon(size);

mkdirSync(path.join(resources, 'icons'), { recursive: true });
for (const size of LINUX_SIZES) writeFileSync(path.join(resources, 'icons', `${size}x${size}.png`), png(size));
writeFileSync(path.join(resources, 'icon.png'), png(512));
writeFileSync(path.join(resources, 'icon.ico'), icoFile(ICO_SIZES.map(png)));
writeFileSync(path.join(resources, 'icon.icns'), icnsFile(new Map(ICNS_TYPES.map(({ pixels }) => [pixels, png(pixels)]))));
console.log(
  `icons: ${LINUX_SIZES.length} PNG sizes, icon.png, icon.ico (${ICO_SIZES.length} sizes), icon.icns (${ICNS_TYPES.length} chunks)`,
);
