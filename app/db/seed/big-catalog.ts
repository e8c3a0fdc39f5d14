// A large, realistic-looking generated catalogue for benchmarks and search tests.
// Pure and deterministic: the same (count, seed, now) always gives the same rows.
import type { FinancingPlan, ProductMeta } from "~/domain/product-meta";
import { NOTEBOOKS_COLLECTION_ID } from "~/domain/collections";
import { DEMO_CATEGORIES, PRODUCT_IMAGES_PATH, slugify } from "./demo-catalog";

export type BigCatalogRow = {
  name: string;
  description: string;
  price: string;
  salePrice: string | null;
  stock: number;
  status: "published" | "draft";
  categoryId: string;
  sku: string;
  slug: string;
  isFeatured: boolean;
  imageUrl: string;
  meta: ProductMeta;
  createdAt: Date;
};

export const BIG_CATALOG_DEFAULT_SEED = 20240611;
/** Default "now" so the output does not depend on the clock (seedBigCatalog passes the real one). */
export const BIG_CATALOG_BASE_DATE = new Date("2026-01-15T12:00:00.000Z");
const HISTORY_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------- random numbers

export type Rng = () => number;

/** mulberry32: a small, fast, seedable PRNG returning numbers in [0, 1). */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error("pick: empty list");
  return item;
}

function between(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

// ---------------------------------------------------------------- product lines

/** One choice of a spec dimension: its label in the name and what it adds to the price. */
type Choice = readonly [label: string, priceAdd: number];
type Dimension = readonly Choice[];

type Line = { prefix: string; brand: string; model: string; base: number };

type Family = {
  categoryId: string;
  skuCode: string;
  /** Relative share of the catalogue. */
  weight: number;
  lines: Line[];
  dimensions: Dimension[];
  blurbs: string[];
};

/** Lines of one family: [prefix, brand, model, base price]. */
function lines(entries: Array<[string, string, string, number]>): Line[] {
  return entries.map(([prefix, brand, model, base]) => ({ prefix, brand, model, base }));
}

const NOTEBOOK_CPU: Dimension = [
  ["Intel Core i3", 0],
  ["Intel Core i5", 180000],
  ["Intel Core i7", 420000],
  ["Ryzen 5", 150000],
  ["Ryzen 7", 380000],
  ["Intel Core Ultra 5", 300000],
];
const RAM: Dimension = [
  ["8GB", 0],
  ["16GB", 90000],
  ["32GB", 260000],
];
const SSD: Dimension = [
  ["256GB", 0],
  ["512GB", 50000],
  ["1TB", 140000],
];
const SCREEN: Dimension = [
  ['14"', 0],
  ['15.6"', 20000],
  ['16"', 60000],
];
const GAMER_GPU: Dimension = [
  ["RTX 2050", 0],
  ["RTX 3050", 150000],
  ["RTX 4050", 400000],
  ["RTX 4060", 650000],
  ["RTX 4070", 1100000],
];
const DESKTOP_GPU: Dimension = [
  ["RTX 3050", 0],
  ["RTX 4060", 250000],
  ["RTX 4060 Ti", 450000],
  ["RX 7600", 200000],
  ["RTX 4070 Super", 900000],
];
const COLOUR: Dimension = [
  ["Negro", 0],
  ["Blanco", 0],
  ["Gris", 0],
  ["Rojo", 0],
  ["Azul", 0],
];

const FAMILIES: Family[] = [
  {
    categoryId: NOTEBOOKS_COLLECTION_ID,
    skuCode: "NB",
    weight: 14,
    lines: lines([
      ["Notebook", "Lenovo", "IdeaPad 3", 560000],
      ["Notebook", "Lenovo", "IdeaPad Slim 5", 650000],
      ["Notebook", "Lenovo", "ThinkPad E14", 780000],
      ["Notebook", "Lenovo", "ThinkBook 15", 700000],
      ["Notebook", "HP", "15-fd0000", 520000],
      ["Notebook", "HP", "Pavilion 14", 640000],
      ["Notebook", "HP", "ProBook 440", 760000],
      ["Notebook", "Asus", "Vivobook 15", 540000],
      ["Notebook", "Asus", "Vivobook Go 14", 480000],
      ["Notebook", "Asus", "Zenbook 14 OLED", 900000],
      ["Notebook", "Dell", "Inspiron 15", 620000],
      ["Notebook", "Dell", "Vostro 3520", 600000],
      ["Notebook", "Dell", "Latitude 3440", 820000],
      ["Notebook", "Acer", "Aspire 5", 560000],
      ["Notebook", "Acer", "Swift Go 14", 720000],
      ["Notebook 2 en 1", "HP", "Envy x360", 950000],
    ]),
    dimensions: [SCREEN, NOTEBOOK_CPU, RAM, SSD],
    blurbs: [
      "Ideal para estudiar, trabajar y entretenerse, con arranque en segundos gracias al disco sólido.",
      "Liviana y con buena autonomía de batería para llevar a la facultad o la oficina.",
      "Pantalla Full HD antirreflejo, teclado cómodo y cámara HD para videollamadas.",
    ],
  },
  {
    categoryId: "pcat_NOTEBOOKS_GAMER",
    skuCode: "NBG",
    weight: 5,
    lines: lines([
      ["Notebook Gamer", "Asus", "TUF Gaming F15", 1150000],
      ["Notebook Gamer", "Asus", "ROG Strix G16", 1700000],
      ["Notebook Gamer", "Lenovo", "LOQ 15", 1200000],
      ["Notebook Gamer", "Lenovo", "Legion 5", 1650000],
      ["Notebook Gamer", "HP", "Victus 15", 1100000],
      ["Notebook Gamer", "HP", "Omen 16", 1750000],
      ["Notebook Gamer", "MSI", "Thin GF63", 1050000],
      ["Notebook Gamer", "Acer", "Nitro V 15", 1120000],
    ]),
    dimensions: [NOTEBOOK_CPU.slice(1, 5), GAMER_GPU, RAM.slice(1), SSD.slice(1)],
    blurbs: [
      "Pantalla de alta frecuencia y refrigeración reforzada para jugar sin cortes.",
      "Rendimiento gamer para los títulos actuales y también para editar video y hacer streaming.",
    ],
  },
  {
    categoryId: "pcol_PC",
    skuCode: "PCA",
    weight: 10,
    lines: lines([
      ["Cámara Web", "Logitech", "C270 HD", 25000],
      ["Cámara Web", "Logitech", "C920 Full HD", 110000],
      ["Cámara Web", "Logitech", "Brio 100 Full HD", 60000],
      ["Cámara Web", "Genius", "FaceCam 1000X", 22000],
      ["Disco SSD", "Kingston", "A400 SATA", 35000],
      ["Disco SSD", "Kingston", "NV2 M.2 NVMe", 45000],
      ["Disco SSD", "WD", "Blue SN580 M.2 NVMe", 55000],
      ["Disco SSD", "Samsung", "990 Pro M.2 NVMe", 120000],
      ["Memoria RAM", "Kingston", "Fury Beast DDR4", 30000],
      ["Memoria RAM", "Corsair", "Vengeance DDR5", 55000],
      ["Placa de Video", "Asus", "Dual GeForce", 380000],
      ["Placa de Video", "Gigabyte", "Windforce GeForce", 360000],
      ["Fuente", "Corsair", "CV650 80 Plus Bronze", 85000],
      ["Parlantes", "Logitech", "Z313 2.1", 75000],
    ]),
    dimensions: [
      [
        ["", 0],
        ["Edición 2025", 5000],
        ["Pack x2", 40000],
      ],
    ],
    blurbs: [
      "Un upgrade simple para que tu PC rinda más.",
      "Componente original con garantía oficial del fabricante.",
      "Compatible con Windows, macOS y Linux sin instalar drivers adicionales.",
    ],
  },
  {
    categoryId: "pcat_PC_OFICINA",
    skuCode: "PCO",
    weight: 5,
    lines: lines([
      ["PC de Oficina", "Vitec", "Intel Core i3 12100", 420000],
      ["PC de Oficina", "Vitec", "Intel Core i5 12400", 520000],
      ["PC de Oficina", "Vitec", "AMD Ryzen 5 5600G", 500000],
      ["PC de Oficina", "Vitec", "AMD Ryzen 7 5700G", 600000],
      ["PC All in One", "Lenovo", 'IdeaCentre AIO 3 24"', 900000],
      ["PC All in One", "HP", 'All-in-One 24"', 880000],
    ]),
    dimensions: [RAM, SSD],
    blurbs: [
      "Armada y probada por nuestro equipo técnico, lista para facturar, navegar y hacer videollamadas.",
      "Silenciosa y de bajo consumo, ideal para la oficina y el home office.",
    ],
  },
  {
    categoryId: "pcat_PC_GAMER",
    skuCode: "PCG",
    weight: 5,
    lines: lines([
      ["PC Gamer", "Vitec", "Ryzen 5 5600", 750000],
      ["PC Gamer", "Vitec", "Ryzen 7 5700X", 850000],
      ["PC Gamer", "Vitec", "Ryzen 7 7800X3D", 1300000],
      ["PC Gamer", "Vitec", "Intel Core i5 13400F", 820000],
      ["PC Gamer", "Vitec", "Intel Core i7 14700F", 1200000],
    ]),
    dimensions: [DESKTOP_GPU, RAM.slice(1), SSD.slice(1)],
    blurbs: [
      "Gabinete con vidrio templado y fans ARGB, cableado prolijo y 12 meses de garantía.",
      "Más de 100 fps en 1080p en los juegos competitivos más populares.",
    ],
  },
  {
    categoryId: "pcol_GAMING",
    skuCode: "GAM",
    weight: 6,
    lines: lines([
      ["Joystick Inalámbrico", "Sony", "DualSense PS5", 105000],
      ["Joystick Inalámbrico", "Microsoft", "Xbox Series", 95000],
      ["Joystick Inalámbrico", "8BitDo", "Ultimate", 60000],
      ["Joystick", "Logitech", "F310 USB", 35000],
      ["Joystick Inalámbrico", "Redragon", "Harrow G808", 30000],
      ["Volante", "Logitech", "G29 Driving Force", 520000],
      ["Volante", "Thrustmaster", "T128", 330000],
    ]),
    dimensions: [COLOUR.slice(0, 3)],
    blurbs: [
      "Compatible con PC y consolas, con vibración y batería de larga duración.",
      "Original, con garantía oficial.",
    ],
  },
  {
    categoryId: "pcat_CONSOLAS",
    skuCode: "CON",
    weight: 3,
    lines: lines([
      ["Consola", "PlayStation", "5 Slim 1TB", 1100000],
      ["Consola", "PlayStation", "5 Slim Digital 1TB", 950000],
      ["Consola", "Nintendo", "Switch OLED", 700000],
      ["Consola", "Nintendo", "Switch Lite", 420000],
      ["Consola", "Xbox", "Series S 512GB", 640000],
      ["Consola", "Xbox", "Series X 1TB", 1050000],
    ]),
    dimensions: [
      [
        ["", 0],
        ["+ Joystick Extra", 90000],
        ["+ Base de Carga", 35000],
        ["Edición Especial", 60000],
      ],
    ],
    blurbs: ["Consola original, sellada y con factura.", "Llevala en cuotas y empezá a jugar hoy."],
  },
  {
    categoryId: "pcat_AURICULARES_GAMER",
    skuCode: "AUR",
    weight: 7,
    lines: lines([
      ["Auriculares Gamer", "HyperX", "Cloud Stinger 2", 55000],
      ["Auriculares Gamer", "HyperX", "Cloud III", 120000],
      ["Auriculares Inalámbricos", "Logitech", "G435 Lightspeed", 90000],
      ["Auriculares Gamer", "Logitech", "G335", 65000],
      ["Auriculares Gamer", "Redragon", "Zeus X H510", 60000],
      ["Auriculares Gamer", "Redragon", "Lamia 2 H320", 45000],
      ["Auriculares Gamer", "Razer", "Kraken X", 50000],
      ["Auriculares Inalámbricos", "Corsair", "HS80 RGB", 180000],
      ["Auriculares Gamer", "JBL", "Quantum 100", 40000],
    ]),
    dimensions: [COLOUR.slice(0, 4)],
    blurbs: [
      "Sonido envolvente, micrófono con cancelación de ruido y almohadillas cómodas para sesiones largas.",
      "Escuchá cada paso de tus rivales con drivers de alta fidelidad.",
    ],
  },
  {
    categoryId: "pcol_MONITORES",
    skuCode: "MON",
    weight: 8,
    lines: lines([
      ["Monitor", "Samsung", "LF24T350", 200000],
      ["Monitor", "Samsung", "Essential S3", 190000],
      ["Monitor", "LG", "27MP400", 250000],
      ["Monitor", "LG", "24MR400", 185000],
      ["Monitor", "Philips", "221V8", 150000],
      ["Monitor", "Philips", "243V7", 180000],
      ["Monitor", "Dell", "P2423", 420000],
      ["Monitor", "AOC", "24B2XH", 165000],
      ["Monitor", "ViewSonic", "VA2432", 175000],
    ]),
    dimensions: [
      [
        ['22"', 0],
        ['24"', 30000],
        ['27"', 80000],
      ],
      [
        ["IPS Full HD", 0],
        ["VA Full HD", -10000],
        ["IPS QHD", 120000],
      ],
    ],
    blurbs: [
      "Bordes finos, modo de luz azul reducida y conexión HDMI.",
      "Colores precisos para trabajar y estudiar muchas horas.",
    ],
  },
  {
    categoryId: "pcat_MONITORES_GAMER",
    skuCode: "MOG",
    weight: 5,
    lines: lines([
      ["Monitor Gamer", "Samsung", "Odyssey G3", 280000],
      ["Monitor Gamer", "Samsung", "Odyssey G5 Curvo", 450000],
      ["Monitor Gamer", "LG", "UltraGear", 330000],
      ["Monitor Gamer", "Asus", "TUF Gaming", 300000],
      ["Monitor Gamer", "AOC", "24G2", 260000],
      ["Monitor Gamer", "Gigabyte", "G27F 2", 320000],
      ["Monitor Gamer", "MSI", "G2412", 250000],
    ]),
    dimensions: [
      [
        ['24"', 0],
        ['27"', 70000],
        ['32"', 180000],
      ],
      [
        ["144Hz", 0],
        ["165Hz", 30000],
        ["180Hz", 50000],
        ["240Hz", 200000],
      ],
    ],
    blurbs: [
      "Alta tasa de refresco y 1 ms de respuesta para partidas sin cortes.",
      "Compatible con FreeSync y G-Sync.",
    ],
  },
  {
    categoryId: "pcol_GABINETES",
    skuCode: "GAB",
    weight: 6,
    lines: lines([
      ["Gabinete", "Thermaltake", "Versa H17", 55000],
      ["Gabinete", "Corsair", "4000D Airflow", 170000],
      ["Gabinete Gamer", "Redragon", "Wideload GC-610", 110000],
      ["Gabinete", "Lian Li", "Lancool 216", 220000],
      ["Gabinete", "Cooler Master", "MasterBox Q300L", 80000],
      ["Gabinete", "NZXT", "H5 Flow", 190000],
      ["Gabinete Gamer", "Sentey", "GS-6400 Arcadia", 85000],
      ["Gabinete", "Kolink", "Void", 95000],
    ]),
    dimensions: [
      [
        ["Vidrio Templado", 0],
        ["Mesh 3 Fans ARGB", 25000],
        ["Vidrio Templado 4 Fans RGB", 35000],
      ],
      COLOUR.slice(0, 2),
    ],
    blurbs: [
      "Buen flujo de aire y espacio para placas de video largas.",
      "Panel frontal con USB 3.0 y gestión de cables trasera.",
    ],
  },
  {
    categoryId: "pcol_CAFETERAS",
    skuCode: "CAF",
    weight: 7,
    lines: lines([
      ["Cafetera Espresso", "Oster", "Prima Latte", 280000],
      ["Cafetera Espresso", "Peabody", "PE-CE4703", 140000],
      ["Cafetera Espresso", "Atma", "Express CA8143", 150000],
      ["Cafetera de Filtro", "Philips", "HD7447", 65000],
      ["Cafetera de Filtro", "Oster", "BVSTDC4401", 60000],
      ["Cafetera de Cápsulas", "Nespresso", "Essenza Mini", 190000],
      ["Cafetera de Cápsulas", "Dolce Gusto", "Genio S Plus", 170000],
      ["Cafetera Automática", "Philips", "Serie 2200", 850000],
      ["Cafetera Automática", "De'Longhi", "Magnifica S", 1100000],
      ["Cafetera Italiana", "Bialetti", "Moka Express", 55000],
    ]),
    dimensions: [COLOUR.slice(0, 4)],
    blurbs: [
      "Disfrutá un café de cafetería en tu casa, con limpieza fácil y apagado automático.",
      "Preparación rápida y depósito de agua removible.",
    ],
  },
  {
    categoryId: "pcol_SILLAS",
    skuCode: "SIL",
    weight: 5,
    lines: lines([
      ["Silla Gamer", "Corsair", "T3 Rush", 480000],
      ["Silla Gamer", "Redragon", "Coeus C201", 270000],
      ["Silla Gamer", "Cougar", "Armor One", 320000],
      ["Silla Gamer", "DXRacer", "Formula", 450000],
      ["Silla de Oficina", "Baires4", "Ejecutiva Alta", 200000],
      ["Silla Ergonómica", "Vitec", "Mesh Pro", 170000],
      ["Silla de Oficina", "Sentey", "Office Plus", 140000],
    ]),
    dimensions: [COLOUR],
    blurbs: ["Apoyo lumbar, altura regulable y base reforzada.", "Cómoda para jornadas largas de trabajo o juego."],
  },
  {
    categoryId: "pcol_MOCHILAS",
    skuCode: "MOC",
    weight: 6,
    lines: lines([
      ["Mochila", "Targus", 'Classic 15.6"', 45000],
      ["Mochila", "Samsonite", 'Guardit 2.0 15.6"', 110000],
      ["Mochila", "Lenovo", 'B210 15.6"', 32000],
      ["Mochila Gamer", "Asus", "ROG Ranger BP1500", 85000],
      ["Mochila", "HP", 'Prelude Pro 15.6"', 55000],
      ["Mochila", "Xtrem", "Urban Notebook", 38000],
      ["Mochila Antirrobo", "Swissbrand", "Zurich", 70000],
    ]),
    dimensions: [COLOUR],
    blurbs: [
      "Compartimento acolchado para la notebook y bolsillos organizadores.",
      "Material repelente al agua y espalda acolchada.",
    ],
  },
  {
    categoryId: "pcol_MOUSE",
    skuCode: "MOU",
    weight: 10,
    lines: lines([
      ["Mouse Inalámbrico", "Logitech", "M170", 15000],
      ["Mouse Inalámbrico", "Logitech", "Pebble M350", 28000],
      ["Mouse Gamer", "Logitech", "G203 Lightsync", 30000],
      ["Mouse Gamer", "Logitech", "G502 Hero", 65000],
      ["Mouse Gamer Inalámbrico", "Logitech", "G305 Lightspeed", 52000],
      ["Mouse Ergonómico", "Logitech", "MX Master 3S", 140000],
      ["Mouse Gamer", "Redragon", "Cobra M711", 22000],
      ["Mouse Gamer", "Redragon", "King Cobra M711-FPS", 30000],
      ["Mouse Gamer", "Razer", "DeathAdder Essential", 33000],
      ["Mouse Gamer", "HyperX", "Pulsefire Haste", 45000],
      ["Mouse", "Genius", "DX-110 USB", 9000],
      ["Mouse Inalámbrico", "HP", "X200", 17000],
      ["Mouse Vertical Ergonómico", "Logitech", "Lift", 72000],
    ]),
    dimensions: [COLOUR.slice(0, 4)],
    blurbs: ["Sensor preciso y diseño cómodo para todo el día.", "Conexión estable y batería de larga duración."],
  },
  {
    categoryId: "pcol_TECLADOS",
    skuCode: "TEC",
    weight: 10,
    lines: lines([
      ["Teclado Mecánico", "Redragon", "Kumara K552", 50000],
      ["Teclado Mecánico", "Redragon", "Fizz K617 60%", 42000],
      ["Teclado Mecánico", "HyperX", "Alloy Origins Core", 110000],
      ["Teclado Mecánico", "Logitech", "G413 SE", 80000],
      ["Teclado Inalámbrico", "Logitech", "K380 Bluetooth", 45000],
      ["Teclado Inalámbrico", "Logitech", "MX Keys S", 150000],
      ["Combo Teclado y Mouse Inalámbrico", "Logitech", "MK270", 36000],
      ["Teclado", "Genius", "KB-110 USB", 12000],
      ["Teclado Gamer", "Razer", "Cynosa V2", 70000],
    ]),
    dimensions: [
      [
        ["Español", 0],
        ["Inglés", -2000],
      ],
      [
        ["", 0],
        ["RGB", 6000],
        ["Blanco", 2000],
      ],
    ],
    blurbs: ["Distribución en español con Ñ y teclas multimedia.", "Teclas silenciosas y estructura resistente."],
  },
];

const TOTAL_WEIGHT = FAMILIES.reduce((sum, family) => sum + family.weight, 0);

function pickFamily(rng: Rng): Family {
  let roll = rng() * TOTAL_WEIGHT;
  for (const family of FAMILIES) {
    roll -= family.weight;
    if (roll < 0) return family;
  }
  return FAMILIES[FAMILIES.length - 1]!;
}

// ---------------------------------------------------------------- row building

const CLOSERS = [
  "Envíos a todo el país.",
  "Factura A y B.",
  "Garantía oficial de 12 meses.",
  "Retiro sin cargo en nuestro local de CABA.",
  "Stock disponible para entrega inmediata.",
];

const FINANCING: FinancingPlan[] = [
  { name: "3 cuotas sin interés", interest_rate: 0 },
  { name: "6 cuotas", interest_rate: 15 },
  { name: "12 cuotas", interest_rate: 35 },
];

const CATEGORY_SLUGS = new Map(DEMO_CATEGORIES.map((c) => [c.id, c.slug]));

/** The generic image of a category, drawn by scripts/generate-product-images.ts. */
export function categoryImageUrl(categoryId: string): string {
  return `${PRODUCT_IMAGES_PATH}/categoria-${CATEGORY_SLUGS.get(categoryId) ?? "general"}.svg`;
}

/** ARS prices end in 999 (or 99 below 100,000): 849,999 rather than 851,234. */
function roundPrice(value: number): number {
  const step = value >= 100000 ? 1000 : 100;
  return Math.max(step, Math.round(value / step) * step) - 1;
}

function money(value: number): string {
  return value.toFixed(2);
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" "))}…`;
}

function buildRow(rng: Rng, index: number, now: Date): BigCatalogRow {
  const family = pickFamily(rng);
  const line = pick(rng, family.lines);
  const choices = family.dimensions.map((dimension) => pick(rng, dimension));
  const specs = choices.map(([label]) => label).filter((label) => label !== "");
  const name = [line.prefix, line.brand, line.model, ...specs].join(" ");

  const listPrice = (line.base + choices.reduce((sum, [, add]) => sum + add, 0)) * (0.92 + rng() * 0.2);
  const price = roundPrice(listPrice);
  const onSale = rng() < 0.12;
  const salePrice = onSale ? roundPrice(price * (0.8 + rng() * 0.15)) : null;
  const stock = rng() < 0.06 ? 0 : between(rng, 1, rng() < 0.8 ? 25 : 120);
  const status = rng() < 0.05 ? "draft" : "published";
  const isFeatured = status === "published" && stock > 0 && rng() < 0.005;
  const description = clip(`${name}. ${pick(rng, family.blurbs)} ${pick(rng, CLOSERS)}`, 250);
  const createdAt = new Date(now.getTime() - Math.floor(rng() * HISTORY_DAYS * DAY_MS));

  const meta: ProductMeta = { price_legend: "Precio final con IVA incluido" };
  if (price >= 500000) meta.financing_plans = FINANCING;

  const number = index + 1;
  return {
    name,
    description,
    price: money(price),
    salePrice: salePrice !== null && salePrice < price ? money(salePrice) : null,
    stock,
    status,
    categoryId: family.categoryId,
    sku: `GEN-${family.skuCode}-${String(number).padStart(6, "0")}`,
    slug: `${slugify(name).slice(0, 200)}-${number}`,
    isFeatured,
    imageUrl: categoryImageUrl(family.categoryId),
    meta,
    createdAt,
  };
}

/** Rows one by one, so callers can insert in batches without holding all of them. */
export function* iterateBigCatalog(
  count: number,
  seed: number = BIG_CATALOG_DEFAULT_SEED,
  now: Date = BIG_CATALOG_BASE_DATE,
): Generator<BigCatalogRow> {
  const rng = createRng(seed);
  for (let index = 0; index < count; index++) yield buildRow(rng, index, now);
}

export function generateBigCatalog(
  count: number,
  seed: number = BIG_CATALOG_DEFAULT_SEED,
  now: Date = BIG_CATALOG_BASE_DATE,
): BigCatalogRow[] {
  return Array.from(iterateBigCatalog(count, seed, now));
}

/** The category ids the generator uses (all of them are demo categories). */
export const BIG_CATALOG_CATEGORY_IDS: string[] = FAMILIES.map((family) => family.categoryId);
