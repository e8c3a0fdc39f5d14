// npx tsx scripts/generate-product-images.ts
// Draws one small SVG for every image the demo catalogue refers to (main, gallery and
// option images), a generic image per category (used by the generated big catalogue),
// the "Sin imagen" placeholder and the favicon. The output is committed; re-run the
// script after changing app/db/seed/demo-catalog.ts. Stale product images are removed.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { categoryImageUrl } from "../app/db/seed/big-catalog";
import { DEMO_CATEGORIES, DEMO_PRODUCTS, type DemoProduct, PRODUCT_IMAGES_PATH } from "../app/db/seed/demo-catalog";

const PUBLIC_DIR = fileURLToPath(new URL("../public/", import.meta.url));
const MAX_BYTES = 3 * 1024;

type Palette = { from: string; to: string; ink: string };
type ImageSpec = { url: string; title: string; subtitle: string; icon: string; palette: Palette; angle: number };

// ---------------------------------------------------------------- colours

const WHITE_INK = "#ffffff";

const ICON_PALETTES: Record<string, Palette> = {
  laptop: { from: "#0b3d91", to: "#3f86f0", ink: WHITE_INK },
  pc: { from: "#0f5f59", to: "#22b8a6", ink: WHITE_INK },
  gamepad: { from: "#4c1d95", to: "#b42bc4", ink: WHITE_INK },
  headset: { from: "#701a75", to: "#e0457b", ink: WHITE_INK },
  monitor: { from: "#0c4a6e", to: "#2fa8e0", ink: WHITE_INK },
  case: { from: "#1e293b", to: "#5b6b82", ink: WHITE_INK },
  coffee: { from: "#5b2a0c", to: "#c7782a", ink: WHITE_INK },
  chair: { from: "#881337", to: "#e5485f", ink: WHITE_INK },
  backpack: { from: "#14532d", to: "#38a86a", ink: WHITE_INK },
  mouse: { from: "#1e3a8a", to: "#6366f1", ink: WHITE_INK },
  keyboard: { from: "#312e81", to: "#7c83f0", ink: WHITE_INK },
  package: { from: "#374151", to: "#6b7280", ink: WHITE_INK },
};

/** Option images show the product in that colour when the option name is a colour. */
const COLOUR_PALETTES: Array<[RegExp, Palette]> = [
  [/negro\/rojo/, { from: "#111827", to: "#dc2626", ink: WHITE_INK }],
  [/negro\/azul/, { from: "#111827", to: "#2563eb", ink: WHITE_INK }],
  [/ne[oó]n/, { from: "#e11d48", to: "#0ea5e9", ink: WHITE_INK }],
  [/negro|black|grafito/, { from: "#0b0f17", to: "#3f4756", ink: WHITE_INK }],
  [/blanc|white/, { from: "#cfd8e3", to: "#f8fafc", ink: "#1f2937" }],
  [/gris/, { from: "#3f4652", to: "#9aa3af", ink: WHITE_INK }],
  [/rojo/, { from: "#7f1d1d", to: "#ef4444", ink: WHITE_INK }],
  [/azul|blue/, { from: "#1e3a8a", to: "#3b82f6", ink: WHITE_INK }],
  [/lila/, { from: "#6b21a8", to: "#c084fc", ink: WHITE_INK }],
  [/rosa/, { from: "#9d174d", to: "#f9a8d4", ink: WHITE_INK }],
];

function paletteForIcon(icon: string): Palette {
  return ICON_PALETTES[icon] ?? ICON_PALETTES.package!;
}

function paletteForOption(optionName: string, fallback: Palette): Palette {
  const name = optionName.toLowerCase();
  return COLOUR_PALETTES.find(([pattern]) => pattern.test(name))?.[1] ?? fallback;
}

// ---------------------------------------------------------------- icons (centred on 0,0)

const ICONS: Record<string, string> = {
  laptop: '<rect x="-150" y="-120" width="300" height="190" rx="14"/><path d="M-195 100H195L170 130H-170Z"/>',
  pc: '<rect x="-200" y="-120" width="230" height="160" rx="12"/><path d="M-85 40V90M-130 95H-40"/><rect x="70" y="-150" width="120" height="260" rx="14"/><circle cx="130" cy="-100" r="12"/><path d="M100 40H160M100 70H160"/>',
  gamepad:
    '<path d="M-120-70H120A70 70 0 0 1 188 16L170 90A45 45 0 0 1 95 108L60 65H-60L-95 108A45 45 0 0 1-170 90L-188 16A70 70 0 0 1-120-70Z"/><path d="M-105-15V35M-130 10H-80"/><circle cx="90" cy="-10" r="10"/><circle cx="120" cy="25" r="10"/>',
  headset:
    '<path d="M-140 40V-10A140 140 0 0 1 140-10V40"/><rect x="-175" y="15" width="65" height="120" rx="26"/><rect x="110" y="15" width="65" height="120" rx="26"/>',
  monitor: '<rect x="-200" y="-150" width="400" height="250" rx="16"/><path d="M0 100V150M-90 155H90"/>',
  case: '<rect x="-115" y="-165" width="230" height="330" rx="18"/><circle cx="0" cy="-50" r="55"/><circle cx="0" cy="85" r="40"/><path d="M-75-140H75"/>',
  coffee:
    '<path d="M-140-40H100V50A90 90 0 0 1 10 140H-50A90 90 0 0 1-140 50Z"/><path d="M100-5H130A40 40 0 0 1 130 75H100"/><path d="M-75-80Q-95-110-75-140M-20-80Q-40-110-20-140M35-80Q15-110 35-140"/><path d="M-180 175H140"/>',
  chair:
    '<rect x="-95" y="-175" width="190" height="190" rx="34"/><rect x="-125" y="25" width="250" height="45" rx="18"/><path d="M0 70V135M-110 160L0 135L110 160"/><circle cx="-110" cy="172" r="10"/><circle cx="110" cy="172" r="10"/>',
  backpack:
    '<path d="M-50-125V-150A50 50 0 0 1 50-150V-125"/><rect x="-125" y="-125" width="250" height="295" rx="65"/><rect x="-80" y="40" width="160" height="90" rx="22"/><path d="M-80 80H80"/>',
  mouse:
    '<rect x="-95" y="-160" width="190" height="320" rx="95"/><path d="M0-160V-50M-95-50H95"/><path d="M0-125V-90"/>',
  keyboard:
    '<rect x="-210" y="-95" width="420" height="190" rx="22"/><path d="M-160-45H-140M-100-45H-80M-40-45H-20M20-45H40M80-45H100M140-45H160M-140 0H-120M-80 0H-60M-20 0H0M40 0H60M100 0H120M-90 45H90"/>',
  package: '<path d="M0-160L150-85V85L0 160L-150 85V-85Z"/><path d="M-150-85L0-10L150-85M0-10V160"/>',
};

// ---------------------------------------------------------------- SVG

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** Font size that keeps the text within about 700 px. */
function fitFontSize(text: string, max: number): number {
  return Math.min(max, Math.floor(700 / (0.56 * Math.max(text.length, 1))));
}

const FONT = "system-ui,-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif";

function renderSvg(spec: ImageSpec): string {
  const { palette } = spec;
  const icon = ICONS[spec.icon] ?? ICONS.package!;
  const titleSize = fitFontSize(spec.title, 66);
  const subtitleSize = fitFontSize(spec.subtitle, 34);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">',
    `<defs><linearGradient id="bg" gradientTransform="rotate(${spec.angle} .5 .5)">`,
    `<stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>`,
    '<rect width="800" height="800" fill="url(#bg)"/>',
    `<circle cx="660" cy="130" r="230" fill="${palette.ink}" opacity=".07"/>`,
    `<circle cx="90" cy="760" r="190" fill="${palette.ink}" opacity=".05"/>`,
    `<g transform="translate(400 320)" fill="none" stroke="${palette.ink}" stroke-width="16" stroke-linecap="round" stroke-linejoin="round">${icon}</g>`,
    `<g fill="${palette.ink}" font-family="${FONT}" text-anchor="middle">`,
    `<text x="400" y="610" font-size="${titleSize}" font-weight="700">${escapeXml(spec.title)}</text>`,
    `<text x="400" y="675" font-size="${subtitleSize}" opacity=".8">${escapeXml(spec.subtitle)}</text>`,
    "</g></svg>",
    "",
  ].join("\n");
}

// ---------------------------------------------------------------- what to draw

const CATEGORY_ICONS = new Map(DEMO_CATEGORIES.map((c) => [c.id, c.icon]));

function productSpecs(p: DemoProduct): ImageSpec[] {
  const icon = CATEGORY_ICONS.get(p.categoryId) ?? "package";
  const palette = paletteForIcon(icon);
  const specs: ImageSpec[] = [{ url: p.imageUrl, title: p.shortName, subtitle: p.brand, icon, palette, angle: 45 }];
  (p.meta.gallery_images ?? []).forEach((url, i) => {
    if (url !== p.imageUrl)
      specs.push({
        url,
        title: p.shortName,
        subtitle: `${p.brand} · Vista ${i + 1}`,
        icon,
        palette,
        angle: 45 + i * 60,
      });
  });
  for (const group of p.meta.option_groups ?? []) {
    for (const option of group.options) {
      if (!option.image_url) continue;
      const optionPalette = paletteForOption(option.name, palette);
      specs.push({
        url: option.image_url,
        title: p.shortName,
        subtitle: option.name,
        icon,
        palette: optionPalette,
        angle: 45,
      });
    }
  }
  return specs;
}

function categorySpecs(): ImageSpec[] {
  return DEMO_CATEGORIES.map((c) => ({
    url: categoryImageUrl(c.id),
    title: c.name,
    subtitle: "Vitec",
    icon: c.icon,
    palette: paletteForIcon(c.icon),
    angle: 135,
  }));
}

const PLACEHOLDER_SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">',
  '<rect width="800" height="800" fill="#f1f5f9"/>',
  '<g transform="translate(400 330)" fill="none" stroke="#94a3b8" stroke-width="16" stroke-linecap="round" stroke-linejoin="round">',
  '<rect x="-170" y="-130" width="340" height="260" rx="24"/><circle cx="80" cy="-55" r="30"/><path d="M-170 90L-60-20L30 70L80 20L170 110"/>',
  "</g>",
  `<text x="400" y="580" fill="#64748b" font-family="${FONT}" font-size="48" font-weight="600" text-anchor="middle">Sin imagen</text>`,
  "</svg>",
  "",
].join("\n");

const FAVICON_SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">',
  '<rect width="64" height="64" rx="14" fill="#1259c0"/>',
  '<path d="M16 17L32 49L48 17" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>',
  "</svg>",
  "",
].join("\n");

// ---------------------------------------------------------------- writing

function write(relativeUrl: string, svg: string): void {
  const file = path.join(PUBLIC_DIR, relativeUrl);
  const bytes = Buffer.byteLength(svg);
  if (bytes > MAX_BYTES) throw new Error(`${relativeUrl} is ${bytes} bytes (limit ${MAX_BYTES})`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, svg);
}

function main(): void {
  const specs = [...DEMO_PRODUCTS.flatMap(productSpecs), ...categorySpecs()];
  const written = new Set<string>();
  for (const spec of specs) {
    if (written.has(spec.url)) continue;
    write(spec.url, renderSvg(spec));
    written.add(spec.url);
  }
  write("/images/placeholder.svg", PLACEHOLDER_SVG);
  write("/favicon.svg", FAVICON_SVG);

  const productsDir = path.join(PUBLIC_DIR, PRODUCT_IMAGES_PATH);
  let removed = 0;
  for (const file of readdirSync(productsDir)) {
    if (file.endsWith(".svg") && !written.has(`${PRODUCT_IMAGES_PATH}/${file}`)) {
      rmSync(path.join(productsDir, file));
      removed++;
    }
  }
  console.log(
    `Wrote ${written.size} product images, the placeholder and the favicon (${removed} stale images removed).`,
  );
}

main();
