// The demo catalogue: pure data, no I/O. seed.server.ts inserts it and
// scripts/generate-product-images.ts draws one SVG for every image it names.
import { COLLECTIONS, NOTEBOOKS_COLLECTION_ID } from "~/domain/collections";
import type { FinancingPlan, OptionGroup, ProductMeta, Review } from "~/domain/product-meta";

export type DemoCategory = {
  id: string;
  name: string;
  slug: string;
  parentId: string | null;
  /** Icon drawn on the product images (same names as the collection icons). */
  icon: string;
};

export type DemoProduct = {
  /** Stable key: relations and image file names use it. */
  slug: string;
  name: string;
  /** Short name drawn on the product images. */
  shortName: string;
  brand: string;
  description: string;
  price: number;
  salePrice: number | null;
  stock: number;
  status: "published" | "draft";
  categoryId: string;
  sku: string;
  isFeatured: boolean;
  imageUrl: string;
  meta: ProductMeta;
  /** Units of each variant in combination order; absent: see demoVariantStocks. */
  variantStock?: number[];
};

/**
 * The demo stock of each variant: the product's own list, or its stock spread as a shop would
 * have it: half (rounded up) on the first combination, the best seller, the rest evenly.
 */
export function demoVariantStocks(stock: number, count: number, own?: number[]): number[] {
  if (own && own.length === count) return own;
  if (count === 0) return [];
  const first = Math.ceil(stock / 2);
  const rest = stock - first;
  const others = count - 1;
  return [
    first + (others === 0 ? rest : 0),
    ...Array.from({ length: others }, (_, i) => Math.floor(rest / others) + (i < rest % others ? 1 : 0)),
  ];
}

// ---------------------------------------------------------------- categories

const COLLECTION_SLUGS: Record<string, string> = {
  [NOTEBOOKS_COLLECTION_ID]: "notebooks",
  pcol_PC: "pc",
  pcol_GAMING: "gaming",
  pcol_MONITORES: "monitores",
  pcol_GABINETES: "gabinetes",
  pcol_CAFETERAS: "cafeteras",
  pcol_SILLAS: "sillas",
  pcol_MOCHILAS: "mochilas",
  pcol_MOUSE: "mouse",
  pcol_TECLADOS: "teclados",
};

const SUBCATEGORIES: DemoCategory[] = [
  {
    id: "pcat_NOTEBOOKS_GAMER",
    name: "Notebooks Gamer",
    slug: "notebooks-gamer",
    parentId: NOTEBOOKS_COLLECTION_ID,
    icon: "laptop",
  },
  { id: "pcat_PC_OFICINA", name: "PC de Oficina", slug: "pc-de-oficina", parentId: "pcol_PC", icon: "pc" },
  { id: "pcat_PC_GAMER", name: "PC Gamer", slug: "pc-gamer", parentId: "pcol_PC", icon: "pc" },
  { id: "pcat_CONSOLAS", name: "Consolas", slug: "consolas", parentId: "pcol_GAMING", icon: "gamepad" },
  {
    id: "pcat_AURICULARES_GAMER",
    name: "Auriculares Gamer",
    slug: "auriculares-gamer",
    parentId: "pcol_GAMING",
    icon: "headset",
  },
  {
    id: "pcat_MONITORES_GAMER",
    name: "Monitores Gamer",
    slug: "monitores-gamer",
    parentId: "pcol_MONITORES",
    icon: "monitor",
  },
];

/** Every collection as a top-level category, then the subcategories (parents come first). */
export const DEMO_CATEGORIES: DemoCategory[] = [
  ...COLLECTIONS.map((c) => ({
    id: c.id,
    name: c.name,
    slug: COLLECTION_SLUGS[c.id] ?? c.id.toLowerCase(),
    parentId: null,
    icon: c.icon,
  })),
  ...SUBCATEGORIES,
];

// ---------------------------------------------------------------- shared pieces

export const PRODUCT_IMAGES_PATH = "/images/products";

export function productImageUrl(slug: string, suffix: string | number): string {
  return `${PRODUCT_IMAGES_PATH}/${slug}-${suffix}.svg`;
}

const IVA_LEGEND = "Precio final con IVA incluido";
const ASSEMBLED_LEGEND = "Precio final con IVA incluido. Incluye armado y testeo";

const CUOTAS: FinancingPlan[] = [
  { name: "3 cuotas sin interés", interest_rate: 0 },
  { name: "6 cuotas", interest_rate: 15 },
  { name: "12 cuotas", interest_rate: 35 },
];
const CUOTAS_LARGAS: FinancingPlan[] = [
  { name: "6 cuotas sin interés", interest_rate: 0 },
  { name: "12 cuotas", interest_rate: 30 },
  { name: "18 cuotas", interest_rate: 55 },
];

const WARRANTY_TEXT: Record<number, string> = {
  6: "<p>6 meses de garantía oficial del fabricante.</p>",
  12: "<p>12 meses de garantía. Ante cualquier falla, escribinos y coordinamos el retiro o la visita al service oficial.</p>",
  24: "<p>24 meses de garantía oficial del fabricante en Argentina.</p>",
};

type ProductDef = {
  slug: string;
  name: string;
  short: string;
  brand: string;
  category: string;
  sku: string;
  price: number;
  sale?: number;
  stock: number;
  draft?: boolean;
  featured?: boolean;
  description: string;
  /** Intro paragraph of description_html (the description when absent). */
  intro?: string;
  specs: string[];
  warranty?: 6 | 12 | 24;
  inBox?: string[];
  /** Number of gallery images, the main image included (at least 1). */
  views?: number;
  options?: OptionGroup[];
  /** Units of each variant, in combination order (default: the stock spread over them, see variantStocks). */
  variantStock?: number[];
  financing?: FinancingPlan[];
  legend?: string | null;
  reviews?: Review[];
  videos?: string[];
};

function list(items: string[]): string {
  return `<ul>${items.map((item) => `<li>${item}</li>`).join("")}</ul>`;
}

function buildMeta(def: ProductDef): ProductMeta {
  const meta: ProductMeta = {};
  const legend = def.legend === undefined ? IVA_LEGEND : def.legend;
  if (legend) meta.price_legend = legend;
  const highlights = def.specs.slice(0, 3).map((spec) => `<strong>${spec}</strong>`);
  meta.description_html = `<p>${def.intro ?? def.description}</p>${list(highlights)}`;
  meta.extra_info = { Especificaciones: list(def.specs) };
  if (def.inBox) meta.extra_info["Contenido de la caja"] = list(def.inBox);
  meta.extra_info["Garantía"] = WARRANTY_TEXT[def.warranty ?? 12] ?? "";
  const views = def.views ?? 1;
  if (views > 1) meta.gallery_images = Array.from({ length: views }, (_, i) => productImageUrl(def.slug, i + 1));
  if (def.options) meta.option_groups = def.options;
  if (def.financing) meta.financing_plans = def.financing;
  if (def.reviews) meta.reviews = def.reviews;
  if (def.videos) meta.videos = def.videos;
  return meta;
}

function product(def: ProductDef): DemoProduct {
  return {
    slug: def.slug,
    name: def.name,
    shortName: def.short,
    brand: def.brand,
    description: def.description,
    price: def.price,
    salePrice: def.sale ?? null,
    stock: def.variantStock ? def.variantStock.reduce((a, b) => a + b, 0) : def.stock,
    ...(def.variantStock ? { variantStock: def.variantStock } : {}),
    status: def.draft ? "draft" : "published",
    categoryId: def.category,
    sku: def.sku,
    isFeatured: def.featured ?? false,
    imageUrl: productImageUrl(def.slug, 1),
    meta: buildMeta(def),
  };
}

/** Colour options whose image shows the product in that colour. */
function colours(slug: string, names: string[]): OptionGroup {
  return { title: "Color", options: names.map((name) => ({ name, image_url: productImageUrl(slug, slugify(name)) })) };
}

/** Lower-case ASCII words joined by dashes: "Negro/Rojo" -> "negro-rojo", "Cámara" -> "camara". */
export function slugify(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function youtube(id: string): string {
  return `https://www.youtube.com/watch?v=${id}`;
}

const NB = NOTEBOOKS_COLLECTION_ID;

// ---------------------------------------------------------------- products

export const DEMO_PRODUCTS: DemoProduct[] = [
  // Notebooks
  product({
    slug: "notebook-lenovo-ideapad-3-15",
    name: 'Notebook Lenovo IdeaPad 3 15.6" Intel Core i5 8GB 512GB SSD',
    short: "IdeaPad 3",
    brand: "Lenovo",
    category: NB,
    sku: "NB-LEN-IP3-I5",
    price: 849999,
    stock: 46,
    variantStock: [40, 6],
    featured: true,
    description:
      'Notebook ideal para estudiar y trabajar: pantalla Full HD de 15.6", procesador Intel Core i5 de 12.ª generación, 8GB de RAM ampliables y SSD de 512GB para arrancar en segundos.',
    specs: [
      "Intel Core i5-1235U",
      "8GB DDR4 (ampliable a 16GB)",
      "SSD NVMe 512GB",
      'Pantalla 15.6" Full HD antirreflejo',
      "Windows 11 Home",
    ],
    views: 3,
    options: [{ title: "Memoria RAM", options: [{ name: "8GB" }, { name: "16GB", price: 929999 }] }],
    financing: CUOTAS,
    reviews: [
      { rating: 5, text: "Muy rápida para la facu y la batería me dura toda la mañana.", author: "Lucía P." },
      { rating: 4, text: "Buena relación precio-calidad. El teclado numérico suma mucho.", author: "Martín G." },
      { rating: 4, text: "Llegó en 3 días a Córdoba, bien embalada.", author: "Federico R." },
    ],
    videos: [youtube("Lk3X9mQpT2a")],
  }),
  product({
    slug: "notebook-hp-15-fd0000",
    name: 'Notebook HP 15-fd0000la 15.6" Intel Core i3 8GB 256GB SSD',
    short: "HP 15",
    brand: "HP",
    category: NB,
    sku: "NB-HP-15FD-I3",
    price: 689999,
    sale: 649999,
    stock: 9,
    description:
      'Notebook liviana para el día a día, con Intel Core i3, 8GB de RAM y SSD de 256GB. Pantalla de 15.6" con bordes finos y cámara HD para videollamadas.',
    specs: ["Intel Core i3-N305", "8GB LPDDR5", "SSD 256GB", 'Pantalla 15.6" HD', "Windows 11 Home en modo S"],
    financing: CUOTAS,
  }),
  product({
    slug: "notebook-asus-vivobook-15",
    name: 'Notebook Asus Vivobook 15 X1504 15.6" Intel Core i7 16GB 512GB',
    short: "Vivobook 15",
    brand: "Asus",
    category: NB,
    sku: "NB-ASU-X1504-I7",
    price: 1149999,
    stock: 6,
    description:
      'Potencia de Intel Core i7 con 16GB de RAM para multitarea exigente. Pantalla Full HD de 15.6", teclado numérico y bisagra de 180° para compartir la pantalla.',
    specs: ["Intel Core i7-1355U", "16GB DDR4", "SSD NVMe 512GB", 'Pantalla 15.6" Full HD', "Lector de huellas"],
    views: 2,
    financing: CUOTAS,
    reviews: [{ rating: 5, text: "Excelente para programar, compila rapidísimo.", author: "Juan Pablo S." }],
  }),
  product({
    slug: "notebook-dell-inspiron-15-3520",
    name: 'Notebook Dell Inspiron 15 3520 15.6" Intel Core i5 16GB 512GB SSD',
    short: "Inspiron 15",
    brand: "Dell",
    category: NB,
    sku: "NB-DEL-3520-I5",
    price: 1049999,
    stock: 0,
    description:
      "La Inspiron 15 de Dell combina un procesador Intel Core i5 con 16GB de RAM y una pantalla de 120Hz que hace todo más fluido. Construcción sólida para el trabajo diario.",
    specs: ["Intel Core i5-1235U", "16GB DDR4", "SSD 512GB", 'Pantalla 15.6" Full HD 120Hz', "Wi-Fi 6"],
    financing: CUOTAS,
  }),
  product({
    slug: "notebook-lenovo-ideapad-slim-5",
    name: 'Notebook Lenovo IdeaPad Slim 5 14" Ryzen 7 16GB 512GB',
    short: "IdeaPad Slim 5",
    brand: "Lenovo",
    category: NB,
    sku: "NB-LEN-SLIM5-R7",
    price: 1299999,
    stock: 7,
    description:
      'Ultradelgada y de aluminio, con AMD Ryzen 7 de 8 núcleos y pantalla WUXGA de 14". Pesa 1.46 kg y tiene carga rápida: ideal para trabajar desde cualquier lugar.',
    specs: ["AMD Ryzen 7 7730U", "16GB LPDDR4x", "SSD NVMe 512GB", 'Pantalla 14" WUXGA IPS', "Carcasa de aluminio"],
    views: 3,
    options: [{ title: "Color", options: [{ name: "Gris Ártico" }, { name: "Azul Abismo" }] }],
    financing: CUOTAS_LARGAS,
  }),
  product({
    slug: "notebook-apple-macbook-air-m2",
    name: 'MacBook Air 13" Chip M2 8GB 256GB',
    short: "MacBook Air M2",
    brand: "Apple",
    category: NB,
    sku: "NB-APL-AIR-M2",
    price: 2199999,
    stock: 3,
    description:
      'La MacBook Air con chip M2 es silenciosa, sin ventilador y con hasta 18 horas de batería. Pantalla Liquid Retina de 13.6" y cámara FaceTime HD 1080p.',
    specs: [
      "Chip Apple M2 de 8 núcleos",
      "8GB de memoria unificada",
      "SSD 256GB",
      'Pantalla Liquid Retina 13.6"',
      "macOS",
    ],
    financing: CUOTAS_LARGAS,
    reviews: [{ rating: 5, text: "Impecable. La batería es increíble.", author: "Carolina M." }],
  }),
  product({
    slug: "notebook-hp-pavilion-x360-14",
    name: 'Notebook 2 en 1 HP Pavilion x360 14" Intel Core i5 8GB 512GB',
    short: "Pavilion x360",
    brand: "HP",
    category: NB,
    sku: "NB-HP-X360-I5",
    price: 1189999,
    stock: 4,
    draft: true,
    description:
      'Convertible 2 en 1 con pantalla táctil de 14" que gira 360°. Usala como notebook, tablet o en modo carpa para ver series.',
    specs: ["Intel Core i5-1335U", "8GB DDR4", "SSD 512GB", 'Pantalla táctil 14" Full HD', "Lápiz compatible"],
  }),
  product({
    slug: "notebook-asus-tuf-gaming-f15",
    name: "Notebook Gamer Asus TUF Gaming F15 Intel Core i5 RTX 3050 16GB 512GB",
    short: "TUF Gaming F15",
    brand: "Asus",
    category: "pcat_NOTEBOOKS_GAMER",
    sku: "NB-ASU-TUF-F15",
    price: 1599999,
    sale: 1449999,
    stock: 5,
    featured: true,
    description:
      "Notebook gamer con certificación militar de resistencia, GeForce RTX 3050 y pantalla de 144Hz. Jugá Fortnite, Valorant y CS2 con fluidez.",
    specs: [
      "Intel Core i5-11400H",
      "NVIDIA GeForce RTX 3050 4GB",
      "16GB DDR4 3200MHz",
      "SSD NVMe 512GB",
      'Pantalla 15.6" Full HD 144Hz',
    ],
    views: 3,
    financing: CUOTAS_LARGAS,
    reviews: [
      { rating: 5, text: "Corre todo lo que le tiré en alto. Se calienta poco.", author: "Tomás B." },
      { rating: 3, text: "Muy buena, pero los ventiladores se escuchan bastante.", author: "Nicolás F." },
    ],
  }),
  product({
    slug: "notebook-lenovo-loq-15",
    name: "Notebook Gamer Lenovo LOQ 15IRX9 Intel Core i7 RTX 4060 16GB 1TB",
    short: "Lenovo LOQ 15",
    brand: "Lenovo",
    category: "pcat_NOTEBOOKS_GAMER",
    sku: "NB-LEN-LOQ-4060",
    price: 2199999,
    stock: 4,
    description:
      "Rendimiento gamer serio con Intel Core i7 de 13.ª generación y RTX 4060. Pantalla de 144Hz y refrigeración Lenovo Hyperchamber.",
    specs: [
      "Intel Core i7-13650HX",
      "NVIDIA GeForce RTX 4060 8GB",
      "16GB DDR5",
      "SSD 1TB",
      'Pantalla 15.6" Full HD 144Hz',
    ],
    options: [{ title: "Memoria RAM", options: [{ name: "16GB DDR5" }, { name: "32GB DDR5", price: 2349999 }] }],
    financing: CUOTAS_LARGAS,
  }),
  product({
    slug: "notebook-hp-victus-15",
    name: "Notebook Gamer HP Victus 15 Ryzen 5 RTX 2050 8GB 512GB",
    short: "HP Victus 15",
    brand: "HP",
    category: "pcat_NOTEBOOKS_GAMER",
    sku: "NB-HP-VIC-R5",
    price: 1349999,
    stock: 8,
    description:
      "La puerta de entrada al gaming en notebook: AMD Ryzen 5, GeForce RTX 2050 y pantalla de 144Hz en un diseño sobrio que también sirve para la oficina.",
    specs: [
      "AMD Ryzen 5 7535HS",
      "NVIDIA GeForce RTX 2050 4GB",
      "8GB DDR5",
      "SSD 512GB",
      'Pantalla 15.6" Full HD 144Hz',
    ],
    financing: CUOTAS,
  }),

  // PC
  product({
    slug: "camara-web-logitech-c920",
    name: "Cámara Web Logitech C920 HD Pro Full HD 1080p",
    short: "Cámara C920",
    brand: "Logitech",
    category: "pcol_PC",
    sku: "PC-LOG-C920",
    price: 119999,
    stock: 22,
    description:
      "La cámara web más elegida para streaming y videollamadas: video Full HD 1080p a 30 fps, enfoque automático y dos micrófonos estéreo.",
    specs: [
      "Video 1080p a 30 fps",
      "Enfoque automático",
      "Micrófonos estéreo",
      "Clip universal para monitor",
      "Conexión USB",
    ],
    warranty: 24,
  }),
  product({
    slug: "disco-ssd-kingston-nv2-1tb",
    name: "Disco SSD Kingston NV2 1TB M.2 NVMe PCIe 4.0",
    short: "Kingston NV2",
    brand: "Kingston",
    category: "pcol_PC",
    sku: "PC-KIN-NV2-1TB",
    price: 89999,
    stock: 40,
    description:
      "Actualizá tu PC o notebook con un SSD NVMe de 1TB: hasta 3500 MB/s de lectura para que Windows y tus juegos carguen en segundos.",
    specs: [
      "Capacidad 1TB",
      "Formato M.2 2280",
      "PCIe 4.0 NVMe",
      "Lectura hasta 3500 MB/s",
      "Escritura hasta 2100 MB/s",
    ],
    warranty: 24,
  }),
  product({
    slug: "parlantes-logitech-z313",
    name: "Parlantes Logitech Z313 2.1 con Subwoofer 25W",
    short: "Logitech Z313",
    brand: "Logitech",
    category: "pcol_PC",
    sku: "PC-LOG-Z313",
    price: 79999,
    stock: 12,
    description:
      "Sistema de sonido 2.1 con subwoofer para música, películas y juegos. Control de volumen cableado y entrada para auriculares.",
    specs: ["Potencia RMS 25W", "Subwoofer incluido", "Entrada 3.5 mm", "Control de volumen cableado"],
  }),
  product({
    slug: "pc-oficina-intel-i3-12100",
    name: "PC de Oficina Vitec Intel Core i3 12100 8GB SSD 480GB",
    short: "PC Oficina i3",
    brand: "Vitec",
    category: "pcat_PC_OFICINA",
    sku: "PC-VIT-OF-I3",
    price: 549999,
    stock: 10,
    description:
      "Equipo armado y probado por nuestro equipo técnico, ideal para oficina, facturación y home office. Intel Core i3 de 12.ª generación con SSD.",
    specs: [
      "Intel Core i3-12100",
      "8GB DDR4 3200MHz",
      "SSD 480GB",
      "Gráficos Intel UHD 730",
      "Windows 11 Pro de prueba",
    ],
    options: [
      { title: "Memoria RAM", options: [{ name: "8GB" }, { name: "16GB", price: 599999 }] },
      {
        title: "Sistema operativo",
        options: [{ name: "Windows 11 Pro de prueba" }, { name: "Sin sistema operativo", price: 0 }],
      },
    ],
    financing: CUOTAS,
  }),
  product({
    slug: "pc-oficina-ryzen-5-5600g",
    name: "PC de Oficina Vitec AMD Ryzen 5 5600G 16GB SSD 512GB",
    short: "PC Oficina R5",
    brand: "Vitec",
    category: "pcat_PC_OFICINA",
    sku: "PC-VIT-OF-R5",
    price: 689999,
    stock: 11,
    description:
      "Rendimiento de sobra para trabajar con muchas pestañas, planillas y videollamadas. Ryzen 5 5600G con gráficos Radeon integrados y 16GB de RAM.",
    specs: [
      "AMD Ryzen 5 5600G",
      "16GB DDR4",
      "SSD NVMe 512GB",
      "Gráficos Radeon Vega 7",
      "Gabinete Micro ATX con fuente 500W",
    ],
    views: 2,
    financing: CUOTAS,
  }),
  product({
    slug: "pc-all-in-one-lenovo-ideacentre-3",
    name: 'PC All in One Lenovo IdeaCentre AIO 3 24" Intel Core i5 8GB 512GB',
    short: "IdeaCentre AIO 3",
    brand: "Lenovo",
    category: "pcat_PC_OFICINA",
    sku: "PC-LEN-AIO3-I5",
    price: 1099999,
    stock: 3,
    description:
      'Todo en uno con pantalla Full HD de 23.8" y parlantes integrados. Ahorra espacio en el escritorio y viene con teclado y mouse.',
    specs: ["Intel Core i5-12450H", "8GB DDR4", "SSD 512GB", 'Pantalla 23.8" Full HD', "Teclado y mouse incluidos"],
    financing: CUOTAS_LARGAS,
  }),
  product({
    slug: "pc-gamer-ryzen-5-rtx-4060",
    name: "PC Gamer Vitec Ryzen 5 5600 RTX 4060 16GB SSD 1TB",
    short: "PC Gamer RTX 4060",
    brand: "Vitec",
    category: "pcat_PC_GAMER",
    sku: "PC-VIT-GM-4060",
    price: 1649999,
    stock: 6,
    featured: true,
    description:
      "PC gamer armada con Ryzen 5 5600 y GeForce RTX 4060: más de 100 fps en 1080p en los títulos actuales. Gabinete con vidrio templado y fans ARGB.",
    intro:
      "Armada, probada y con <strong>12 meses de garantía</strong>. Elegí la placa de video que mejor se adapte a tus juegos.",
    specs: [
      "AMD Ryzen 5 5600",
      "NVIDIA GeForce RTX 4060 8GB",
      "16GB DDR4 3200MHz",
      "SSD NVMe 1TB",
      "Fuente 650W 80 Plus Bronze",
    ],
    views: 3,
    options: [
      {
        title: "Placa de video",
        options: [
          { name: "RTX 4060 8GB" },
          { name: "RTX 4060 Ti 8GB", price: 1849999 },
          { name: "RTX 4070 12GB", price: 2199999 },
        ],
      },
    ],
    financing: CUOTAS_LARGAS,
    legend: ASSEMBLED_LEGEND,
    reviews: [
      { rating: 5, text: "La armaron impecable, con el cableado prolijo. Vuela.", author: "Ezequiel D." },
      { rating: 5, text: "Excelente atención, me asesoraron por WhatsApp.", author: "Agustina V." },
      { rating: 4, text: "Muy buena. Tardó una semana en llegar a Mendoza.", author: "Gonzalo T." },
    ],
    videos: [youtube("pG4mQ8rX2Lw")],
  }),
  product({
    slug: "pc-gamer-intel-i7-rtx-4070-super",
    name: "PC Gamer Vitec Intel Core i7 14700F RTX 4070 Super 32GB 2TB",
    short: "PC Gamer RTX 4070",
    brand: "Vitec",
    category: "pcat_PC_GAMER",
    sku: "PC-VIT-GM-4070S",
    price: 2899999,
    sale: 2699999,
    stock: 2,
    description:
      "Para jugar en 1440p con todo al máximo y hacer streaming al mismo tiempo. Intel Core i7 de 20 núcleos, RTX 4070 Super y 32GB DDR5.",
    specs: [
      "Intel Core i7-14700F",
      "NVIDIA GeForce RTX 4070 Super 12GB",
      "32GB DDR5 6000MHz",
      "SSD NVMe 2TB",
      "Refrigeración líquida 240 mm",
    ],
    financing: CUOTAS_LARGAS,
    legend: ASSEMBLED_LEGEND,
  }),
  product({
    slug: "pc-gamer-ryzen-7-rx-7700-xt",
    name: "PC Gamer Vitec Ryzen 7 7700 RX 7700 XT 32GB 1TB",
    short: "PC Gamer RX 7700",
    brand: "Vitec",
    category: "pcat_PC_GAMER",
    sku: "PC-VIT-GM-7700XT",
    price: 2399999,
    stock: 2,
    draft: true,
    description: "Plataforma AM5 con Ryzen 7 7700 y Radeon RX 7700 XT de 12GB, lista para actualizar por años.",
    specs: ["AMD Ryzen 7 7700", "AMD Radeon RX 7700 XT 12GB", "32GB DDR5", "SSD NVMe 1TB", "Fuente 750W 80 Plus Gold"],
  }),

  // Gaming
  product({
    slug: "joystick-xbox-inalambrico",
    name: "Joystick Inalámbrico Xbox Series Original",
    short: "Joystick Xbox",
    brand: "Microsoft",
    category: "pcol_GAMING",
    sku: "GM-MS-XBC",
    price: 109999,
    stock: 18,
    description:
      "El control oficial de Xbox con agarre texturizado, botón Compartir y conexión Bluetooth. Compatible con Xbox Series, Xbox One, PC y celulares.",
    specs: [
      "Conexión inalámbrica Xbox y Bluetooth",
      "Compatible con PC, Android e iOS",
      "Pilas AA (incluidas)",
      "Entrada de 3.5 mm",
    ],
    options: [colours("joystick-xbox-inalambrico", ["Carbon Black", "Robot White", "Shock Blue"])],
    // Robot White is sold out: its page shows the option as "Sin stock".
    variantStock: [12, 0, 6],
  }),
  product({
    slug: "joystick-dualsense-ps5",
    name: "Joystick DualSense PS5 Inalámbrico Blanco",
    short: "DualSense",
    brand: "Sony",
    category: "pcol_GAMING",
    sku: "GM-SNY-DS5",
    price: 119999,
    sale: 104999,
    stock: 15,
    description:
      "Sentí cada impacto con la respuesta háptica y los gatillos adaptativos del DualSense. Micrófono integrado y batería recargable por USB-C.",
    specs: ["Respuesta háptica", "Gatillos adaptativos", "Micrófono integrado", "Batería recargable USB-C"],
  }),
  product({
    slug: "volante-logitech-g29",
    name: "Volante Logitech G29 Driving Force con Pedalera",
    short: "Volante G29",
    brand: "Logitech",
    category: "pcol_GAMING",
    sku: "GM-LOG-G29",
    price: 549999,
    stock: 0,
    description:
      "Volante con force feedback de doble motor, aro de cuero cosido a mano y pedalera de 3 pedales. Compatible con PS5, PS4 y PC.",
    specs: [
      "Force feedback de doble motor",
      "Rotación de 900°",
      "Pedalera de 3 pedales",
      "Compatible con PS5, PS4 y PC",
    ],
    financing: CUOTAS,
  }),
  product({
    slug: "consola-playstation-5-slim",
    name: "Consola PlayStation 5 Slim 1TB",
    short: "PS5 Slim",
    brand: "Sony",
    category: "pcat_CONSOLAS",
    sku: "GM-SNY-PS5S",
    price: 1199999,
    stock: 8,
    featured: true,
    description:
      "La PS5 Slim ocupa un 30% menos de espacio y suma 1TB de almacenamiento. Carga ultrarrápida, gráficos 4K y el control DualSense incluido.",
    specs: ["SSD de 1TB", "Resolución hasta 4K a 120 fps", "Control DualSense incluido", "Wi-Fi 6 y Bluetooth 5.1"],
    views: 3,
    options: [
      {
        title: "Edición",
        options: [
          {
            name: "Estándar con lectora",
            image_url: productImageUrl("consola-playstation-5-slim", "estandar-con-lectora"),
          },
          { name: "Digital", price: 999999, image_url: productImageUrl("consola-playstation-5-slim", "digital") },
        ],
      },
    ],
    financing: CUOTAS_LARGAS,
    reviews: [
      { rating: 5, text: "Original, sellada y con factura. Todo perfecto.", author: "Sofía L." },
      { rating: 4, text: "Excelente consola, la entrega fue rápida.", author: "Matías C." },
    ],
    videos: [youtube("RkC8wZ3nQ1s")],
  }),
  product({
    slug: "consola-nintendo-switch-oled",
    name: "Consola Nintendo Switch OLED 64GB",
    short: "Switch OLED",
    brand: "Nintendo",
    category: "pcat_CONSOLAS",
    sku: "GM-NIN-SWOLED",
    price: 749999,
    stock: 5,
    description:
      'Pantalla OLED de 7" con colores intensos, soporte ajustable y audio mejorado. Jugá en la TV, en modo portátil o en modo sobremesa.',
    specs: ['Pantalla OLED de 7"', "64GB de almacenamiento", "Dock con puerto LAN", "Joy-Con incluidos"],
    options: [colours("consola-nintendo-switch-oled", ["Blanca", "Neón"])],
    financing: CUOTAS,
    videos: [youtube("Tq7vN2hY5bE")],
  }),
  product({
    slug: "consola-xbox-series-s",
    name: "Consola Xbox Series S 512GB",
    short: "Xbox Series S",
    brand: "Microsoft",
    category: "pcat_CONSOLAS",
    sku: "GM-MS-XSS",
    price: 699999,
    sale: 649999,
    stock: 7,
    description: "La Xbox más compacta, totalmente digital, con juegos en 1440p a hasta 120 fps. Ideal para Game Pass.",
    specs: ["SSD de 512GB", "Hasta 1440p a 120 fps", "Totalmente digital", "Control inalámbrico incluido"],
    financing: CUOTAS,
  }),
  product({
    slug: "auriculares-hyperx-cloud-ii",
    name: "Auriculares Gamer HyperX Cloud II Sonido 7.1",
    short: "Cloud II",
    brand: "HyperX",
    category: "pcat_AURICULARES_GAMER",
    sku: "GM-HX-CLOUD2",
    price: 129999,
    stock: 13,
    description:
      "Los clásicos de HyperX: almohadillas de espuma viscoelástica, sonido envolvente 7.1 virtual y micrófono desmontable con cancelación de ruido.",
    specs: ["Sonido envolvente 7.1 virtual", "Drivers de 53 mm", "Micrófono desmontable", "Conexión USB y 3.5 mm"],
    options: [colours("auriculares-hyperx-cloud-ii", ["Rojo", "Gris"])],
    reviews: [{ rating: 5, text: "Comodísimos, los uso 8 horas seguidas sin molestias.", author: "Rodrigo A." }],
  }),
  product({
    slug: "auriculares-logitech-g435",
    name: "Auriculares Inalámbricos Logitech G435 Lightspeed",
    short: "Logitech G435",
    brand: "Logitech",
    category: "pcat_AURICULARES_GAMER",
    sku: "GM-LOG-G435",
    price: 99999,
    stock: 20,
    featured: true,
    description:
      "Auriculares gamer ultralivianos (165 g) con conexión Lightspeed y Bluetooth. Hasta 18 horas de batería y micrófonos con reducción de ruido.",
    specs: [
      "Inalámbricos Lightspeed y Bluetooth",
      "Peso 165 g",
      "Batería de 18 horas",
      "Compatibles con PC, PS5 y celulares",
    ],
    views: 2,
  }),
  product({
    slug: "auriculares-redragon-zeus-x",
    name: "Auriculares Gamer Redragon Zeus X H510 RGB 7.1",
    short: "Zeus X",
    brand: "Redragon",
    category: "pcat_AURICULARES_GAMER",
    sku: "GM-RED-H510",
    price: 69999,
    stock: 16,
    description:
      "Sonido 7.1 por USB, iluminación RGB y almohadillas de cuero sintético. Una opción gamer con muy buena relación precio-calidad.",
    specs: ["Sonido envolvente 7.1", "Iluminación RGB", "Micrófono desmontable", "Conexión USB"],
  }),
  product({
    slug: "auriculares-razer-blackshark-v2-x",
    name: "Auriculares Gamer Razer BlackShark V2 X",
    short: "BlackShark V2 X",
    brand: "Razer",
    category: "pcat_AURICULARES_GAMER",
    sku: "GM-RAZ-BSV2X",
    price: 79999,
    stock: 9,
    description:
      "Auriculares de competición con drivers Razer TriForce de 50 mm, micrófono cardioide y aislamiento pasivo de ruido.",
    specs: ["Drivers TriForce 50 mm", "Micrófono cardioide", "Peso 240 g", "Conexión 3.5 mm"],
  }),

  // Monitores
  product({
    slug: "monitor-samsung-24-t350",
    name: 'Monitor Samsung 24" LF24T350 IPS Full HD 75Hz',
    short: 'Samsung 24"',
    brand: "Samsung",
    category: "pcol_MONITORES",
    sku: "MON-SAM-T350-24",
    price: 219999,
    stock: 17,
    description:
      'Monitor IPS de 24" con bordes finos en tres lados, 75Hz y AMD FreeSync. Modo Eye Saver para cuidar la vista en jornadas largas.',
    specs: ['Panel IPS 24"', "Resolución 1920x1080", "75Hz con FreeSync", "HDMI y VGA"],
    options: [
      { title: "Soporte", options: [{ name: "Soporte original" }, { name: "Con brazo articulado", price: 259999 }] },
    ],
  }),
  product({
    slug: "monitor-lg-27-27mp400",
    name: 'Monitor LG 27" 27MP400 IPS Full HD',
    short: 'LG 27"',
    brand: "LG",
    category: "pcol_MONITORES",
    sku: "MON-LG-27MP400",
    price: 279999,
    sale: 259999,
    stock: 12,
    description:
      'Pantalla IPS de 27" con colores precisos y FreeSync. Modo lectura y diseño sin bordes para armar setups de dos monitores.',
    specs: ['Panel IPS 27"', "Resolución 1920x1080", "75Hz con FreeSync", "HDMI y VGA"],
  }),
  product({
    slug: "monitor-philips-22-221v8",
    name: 'Monitor Philips 22" 221V8 Full HD HDMI',
    short: 'Philips 22"',
    brand: "Philips",
    category: "pcol_MONITORES",
    sku: "MON-PHI-221V8",
    price: 169999,
    stock: 25,
    description:
      'Monitor Full HD de 21.5" ideal para oficina y estudio, con tecnología Flicker-free y modo de luz azul reducida.',
    specs: ['Panel VA 21.5"', "Resolución 1920x1080", "75Hz", "HDMI y VGA"],
    warranty: 24,
  }),
  product({
    slug: "monitor-dell-p2423",
    name: 'Monitor Dell P2423 24" IPS WUXGA con Altura Ajustable',
    short: "Dell P2423",
    brand: "Dell",
    category: "pcol_MONITORES",
    sku: "MON-DEL-P2423",
    price: 449999,
    stock: 0,
    description:
      'Monitor profesional de 24" con formato 16:10, soporte ajustable en altura, giro y pivote. Puertos USB para conectar periféricos.',
    specs: [
      'Panel IPS 24" 16:10',
      "Resolución 1920x1200",
      "Soporte regulable en altura y pivote",
      "HDMI, DisplayPort y hub USB",
    ],
    warranty: 24,
  }),
  product({
    slug: "monitor-gamer-lg-ultragear-27",
    name: 'Monitor Gamer LG UltraGear 27" 27GS60F IPS 180Hz',
    short: "UltraGear 27",
    brand: "LG",
    category: "pcat_MONITORES_GAMER",
    sku: "MON-LG-27GS60F",
    price: 389999,
    stock: 10,
    description:
      '180Hz y 1 ms en un panel IPS de 27" con colores vivos. Compatible con G-Sync y FreeSync para partidas sin cortes.',
    specs: ['Panel IPS 27"', "180Hz, 1 ms", "HDR10", "G-Sync Compatible y FreeSync"],
    financing: CUOTAS,
  }),
  product({
    slug: "monitor-gamer-samsung-odyssey-g5",
    name: 'Monitor Gamer Samsung Odyssey G5 27" Curvo QHD 165Hz',
    short: "Odyssey G5",
    brand: "Samsung",
    category: "pcat_MONITORES_GAMER",
    sku: "MON-SAM-G5-27",
    price: 529999,
    stock: 6,
    featured: true,
    description:
      "Curvatura 1000R que te mete en el juego, resolución QHD y 165Hz. HDR10 y FreeSync Premium para imágenes fluidas y con más detalle.",
    specs: ['Panel VA curvo 27" 1000R', "Resolución 2560x1440", "165Hz, 1 ms", "HDR10 y FreeSync Premium"],
    views: 3,
    financing: CUOTAS,
    reviews: [
      { rating: 5, text: "La curva se siente enseguida. Con la PC gamer es otro mundo.", author: "Leandro K." },
    ],
  }),
  product({
    slug: "monitor-gamer-asus-tuf-vg249q1a",
    name: 'Monitor Gamer Asus TUF VG249Q1A 23.8" IPS 165Hz',
    short: "TUF VG249",
    brand: "Asus",
    category: "pcat_MONITORES_GAMER",
    sku: "MON-ASU-VG249",
    price: 299999,
    stock: 9,
    description:
      'Monitor gamer Full HD de 23.8" con 165Hz, Extreme Low Motion Blur y FreeSync Premium. Incluye parlantes integrados.',
    specs: ['Panel IPS 23.8"', "165Hz, 1 ms MPRT", "FreeSync Premium", "Parlantes integrados"],
  }),

  // Gabinetes
  product({
    slug: "gabinete-thermaltake-versa-h17",
    name: "Gabinete Thermaltake Versa H17 Micro ATX",
    short: "Versa H17",
    brand: "Thermaltake",
    category: "pcol_GABINETES",
    sku: "GAB-TT-H17",
    price: 59999,
    stock: 14,
    description:
      "Gabinete compacto Micro ATX con ventana lateral y panel frontal con USB 3.0. Ideal para equipos de oficina.",
    specs: ["Formato Micro ATX", "USB 3.0 frontal", "1 fan de 120 mm incluido", "Soporta GPU de hasta 350 mm"],
  }),
  product({
    slug: "gabinete-corsair-4000d-airflow",
    name: "Gabinete Corsair 4000D Airflow Vidrio Templado",
    short: "Corsair 4000D",
    brand: "Corsair",
    category: "pcol_GABINETES",
    sku: "GAB-COR-4000D",
    price: 179999,
    stock: 8,
    description:
      "Frente perforado para máximo flujo de aire, vidrio templado y el sistema RapidRoute para ordenar los cables en minutos.",
    specs: [
      "Formato Mid Tower ATX",
      "Frente de alto flujo de aire",
      "2 fans de 120 mm incluidos",
      "Vidrio templado lateral",
    ],
    options: [colours("gabinete-corsair-4000d-airflow", ["Negro", "Blanco"])],
  }),
  product({
    slug: "gabinete-redragon-wideload",
    name: "Gabinete Gamer Redragon Wideload GC-610 RGB",
    short: "Wideload",
    brand: "Redragon",
    category: "pcol_GABINETES",
    sku: "GAB-RED-GC610",
    price: 119999,
    sale: 99999,
    stock: 6,
    description:
      "Gabinete gamer con frente y lateral de vidrio templado y 4 fans RGB incluidos. Espacio para placas de video de hasta 400 mm.",
    specs: ["Formato Mid Tower ATX", "4 fans RGB incluidos", "Vidrio templado frontal y lateral", "Controladora RGB"],
  }),
  product({
    slug: "gabinete-lian-li-lancool-216",
    name: "Gabinete Lian Li Lancool 216 ARGB",
    short: "Lancool 216",
    brand: "Lian Li",
    category: "pcol_GABINETES",
    sku: "GAB-LL-216",
    price: 229999,
    stock: 4,
    description:
      "Dos fans de 160 mm ARGB al frente, excelente refrigeración y soporte para radiadores de 360 mm. Un gabinete pensado para equipos potentes.",
    specs: [
      "Formato Mid Tower E-ATX",
      "2 fans ARGB de 160 mm + 1 de 140 mm",
      "Soporte para radiador de 360 mm",
      "USB-C frontal",
    ],
  }),
  product({
    slug: "gabinete-sentey-gs-6400",
    name: "Gabinete Sentey GS-6400 Arcadia Vidrio Templado",
    short: "Sentey GS-6400",
    brand: "Sentey",
    category: "pcol_GABINETES",
    sku: "GAB-SEN-6400",
    price: 89999,
    stock: 5,
    draft: true,
    description:
      "Gabinete ATX con lateral de vidrio templado y 3 fans con iluminación. Buen espacio interno para armar tu primera PC gamer.",
    specs: ["Formato Mid Tower ATX", "3 fans con LED", "Vidrio templado lateral"],
  }),

  // Cafeteras
  product({
    slug: "cafetera-oster-prima-latte",
    name: "Cafetera Espresso Oster Prima Latte BVSTEM6603 15 Bar",
    short: "Prima Latte",
    brand: "Oster",
    category: "pcol_CAFETERAS",
    sku: "CAF-OST-6603",
    price: 299999,
    stock: 11,
    featured: true,
    description:
      "Prepará espresso, cappuccino y latte con un solo botón. Bomba de 15 bares y depósito de leche removible que se guarda en la heladera.",
    specs: [
      "Bomba de 15 bares",
      "Depósito de leche removible",
      "Capacidad de agua 1.5 L",
      "Acepta café molido y cápsulas ESE",
    ],
    inBox: ["Cafetera", "Depósito de leche", "Filtros simple y doble", "Cuchara medidora"],
    views: 2,
    reviews: [
      { rating: 5, text: "El cappuccino sale espectacular, como en el bar.", author: "Valeria N." },
      { rating: 4, text: "Muy buena, hay que limpiar bien el tubo de la leche.", author: "Pablo I." },
    ],
    videos: [youtube("Oz5tB3kWq7M")],
  }),
  product({
    slug: "cafetera-philips-hd7447",
    name: "Cafetera de Filtro Philips HD7447 1.2 L",
    short: "Philips HD7447",
    brand: "Philips",
    category: "pcol_CAFETERAS",
    sku: "CAF-PHI-7447",
    price: 69999,
    stock: 19,
    description:
      "Cafetera de goteo para hasta 15 tazas con jarra de vidrio, sistema antigoteo y placa que mantiene el café caliente.",
    specs: ["Capacidad 1.2 L (15 tazas)", "Potencia 1000W", "Sistema antigoteo", "Filtro permanente"],
    warranty: 24,
  }),
  product({
    slug: "cafetera-nespresso-essenza-mini",
    name: "Cafetera Nespresso Essenza Mini C30 de Cápsulas",
    short: "Essenza Mini",
    brand: "Nespresso",
    category: "pcol_CAFETERAS",
    sku: "CAF-NES-C30",
    price: 199999,
    stock: 10,
    description:
      "La cafetera Nespresso más compacta: 19 bares, listo en 25 segundos y dos tamaños de taza programables. Incluye cápsulas de bienvenida.",
    specs: ["Presión de 19 bares", "Calentamiento en 25 segundos", "Depósito de 0.6 L", "Apagado automático"],
    options: [colours("cafetera-nespresso-essenza-mini", ["Negro", "Rojo", "Blanco"])],
  }),
  product({
    slug: "cafetera-dolce-gusto-genio-s-plus",
    name: "Cafetera Nescafé Dolce Gusto Genio S Plus",
    short: "Genio S Plus",
    brand: "Dolce Gusto",
    category: "pcol_CAFETERAS",
    sku: "CAF-NDG-GENIOS",
    price: 189999,
    sale: 159999,
    stock: 13,
    description:
      "Más de 30 variedades de bebidas calientes y frías en cápsulas. Función Espresso Boost e intensidad y temperatura ajustables.",
    specs: ["Presión de 15 bares", "Temperatura ajustable", "Modo XL para tazas grandes", "Depósito de 0.8 L"],
  }),
  product({
    slug: "cafetera-philips-ep2220",
    name: "Cafetera Automática Philips Serie 2200 EP2220 con Molinillo",
    short: "Philips EP2220",
    brand: "Philips",
    category: "pcol_CAFETERAS",
    sku: "CAF-PHI-EP2220",
    price: 899999,
    stock: 3,
    description:
      "Café recién molido con solo tocar un botón. Molinillo cerámico de 12 niveles, espumador de leche clásico y filtro AquaClean.",
    specs: ["Molinillo cerámico de 12 niveles", "Espumador de leche", "Filtro AquaClean", "Panel táctil"],
    financing: CUOTAS_LARGAS,
    warranty: 24,
  }),
  product({
    slug: "cafetera-atma-express-ca8143",
    name: "Cafetera Atma Express CA8143 20 Bar",
    short: "Atma CA8143",
    brand: "Atma",
    category: "pcol_CAFETERAS",
    sku: "CAF-ATM-8143",
    price: 159999,
    stock: 0,
    description:
      "Cafetera espresso de 20 bares con vaporizador para espumar leche y calienta tazas. Acero inoxidable y depósito de 1.5 L.",
    specs: ["Bomba de 20 bares", "Vaporizador de leche", "Depósito de 1.5 L", "Acero inoxidable"],
  }),

  // Sillas
  product({
    slug: "silla-gamer-corsair-t3-rush",
    name: "Silla Gamer Corsair T3 Rush Tela Transpirable",
    short: "Corsair T3 Rush",
    brand: "Corsair",
    category: "pcol_SILLAS",
    sku: "SIL-COR-T3",
    price: 499999,
    stock: 4,
    description:
      "Tapizado de tela suave y transpirable, almohada lumbar de espuma viscoelástica y apoyabrazos 4D. Reclinable hasta 160°.",
    specs: ["Tela transpirable", "Apoyabrazos 4D", "Reclinable hasta 160°", "Soporta hasta 120 kg"],
    financing: CUOTAS,
  }),
  product({
    slug: "silla-gamer-redragon-coeus",
    name: "Silla Gamer Redragon Coeus C201 Reclinable",
    short: "Coeus C201",
    brand: "Redragon",
    category: "pcol_SILLAS",
    sku: "SIL-RED-C201",
    price: 289999,
    stock: 9,
    description:
      "Silla gamer de cuero sintético con almohadones cervical y lumbar, respaldo reclinable a 180° y base de metal.",
    specs: ["Cuero sintético", "Reclinable hasta 180°", "Almohadones cervical y lumbar", "Soporta hasta 150 kg"],
    views: 2,
    options: [colours("silla-gamer-redragon-coeus", ["Negro/Rojo", "Negro/Azul"])],
    financing: CUOTAS,
    reviews: [
      { rating: 4, text: "Cómoda y fácil de armar. El almohadón lumbar ayuda mucho.", author: "Diego H." },
      { rating: 2, text: "El pistón se siente flojo después de dos meses.", author: "Marcos E." },
    ],
  }),
  product({
    slug: "silla-oficina-ergonomica-mesh",
    name: "Silla de Oficina Ergonómica Mesh con Apoyo Lumbar",
    short: "Silla Mesh",
    brand: "Vitec",
    category: "pcol_SILLAS",
    sku: "SIL-VIT-MESH",
    price: 179999,
    sale: 149999,
    stock: 21,
    description:
      "Respaldo de malla que ventila, apoyo lumbar regulable y mecanismo basculante. La silla ideal para el home office.",
    specs: ["Respaldo de malla", "Apoyo lumbar regulable", "Altura regulable a gas", "Ruedas de nylon"],
  }),
  product({
    slug: "silla-gamer-cougar-armor-one",
    name: "Silla Gamer Cougar Armor One Negra y Naranja",
    short: "Armor One",
    brand: "Cougar",
    category: "pcol_SILLAS",
    sku: "SIL-COU-ARMOR1",
    price: 339999,
    stock: 6,
    description:
      "Estructura de acero, cuero PVC respirable y reclinación de 180°. Incluye almohadones y apoyabrazos 2D.",
    specs: ["Estructura de acero", "Cuero PVC respirable", "Reclinable hasta 180°", "Apoyabrazos 2D"],
  }),
  product({
    slug: "silla-ejecutiva-baires4-alta",
    name: "Silla Ejecutiva Baires4 Alta Cuero Sintético",
    short: "Ejecutiva Alta",
    brand: "Baires4",
    category: "pcol_SILLAS",
    sku: "SIL-BA4-EJEC",
    price: 219999,
    stock: 7,
    description:
      "Silla ejecutiva de respaldo alto con cuero sintético acolchado, base cromada y regulación de altura. Fabricada en Argentina.",
    specs: ["Cuero sintético acolchado", "Respaldo alto", "Base cromada", "Fabricación nacional"],
  }),

  // Mochilas
  product({
    slug: "mochila-targus-classic-15",
    name: 'Mochila Targus Classic para Notebook 15.6"',
    short: "Targus Classic",
    brand: "Targus",
    category: "pcol_MOCHILAS",
    sku: "MOC-TAR-CLS15",
    price: 49999,
    stock: 30,
    description:
      'Mochila con compartimento acolchado para notebooks de hasta 15.6", bolsillo frontal organizador y correas ergonómicas.',
    specs: ['Para notebooks de hasta 15.6"', "Compartimento acolchado", "Bolsillo organizador", "Capacidad 20 L"],
    warranty: 6,
  }),
  product({
    slug: "mochila-samsonite-guardit-2",
    name: 'Mochila Samsonite Guardit 2.0 para Notebook 15.6"',
    short: "Guardit 2.0",
    brand: "Samsonite",
    category: "pcol_MOCHILAS",
    sku: "MOC-SAM-GUARD2",
    price: 119999,
    stock: 12,
    description:
      "Mochila resistente al agua con bolsillo antirrobo en la espalda, espacio para tablet y correa para sujetarla al carry-on.",
    specs: ['Para notebooks de hasta 15.6"', "Bolsillo antirrobo", "Material repelente al agua", "Capacidad 22.5 L"],
    options: [colours("mochila-samsonite-guardit-2", ["Negro", "Azul"])],
    warranty: 24,
  }),
  product({
    slug: "mochila-lenovo-b210",
    name: 'Mochila Lenovo B210 Casual 15.6"',
    short: "Lenovo B210",
    brand: "Lenovo",
    category: "pcol_MOCHILAS",
    sku: "MOC-LEN-B210",
    price: 34999,
    stock: 26,
    description:
      "Mochila liviana y simple para la notebook y los apuntes. Material resistente al agua y bolsillo lateral para la botella.",
    specs: ['Para notebooks de hasta 15.6"', "Material resistente al agua", "Bolsillo para botella"],
    warranty: 6,
  }),
  product({
    slug: "mochila-asus-rog-ranger-bp1500",
    name: "Mochila Gamer Asus ROG Ranger BP1500",
    short: "ROG Ranger",
    brand: "Asus",
    category: "pcol_MOCHILAS",
    sku: "MOC-ASU-BP1500",
    price: 89999,
    stock: 8,
    description:
      'Mochila gamer para notebooks de hasta 15.6" con compartimentos para mouse, auriculares y cargador. Tela resistente al agua.',
    specs: [
      'Para notebooks de hasta 15.6"',
      "Compartimentos para accesorios",
      "Tela repelente al agua",
      "Espalda acolchada",
    ],
  }),
  product({
    slug: "mochila-hp-prelude-pro",
    name: 'Mochila HP Prelude Pro 15.6" con Puerto USB',
    short: "HP Prelude Pro",
    brand: "HP",
    category: "pcol_MOCHILAS",
    sku: "MOC-HP-PRELUDE",
    price: 59999,
    stock: 15,
    description:
      "Mochila con puerto USB para cargar el celular desde tu power bank, bolsillo acolchado para notebook y correa para valija.",
    specs: ['Para notebooks de hasta 15.6"', "Puerto USB de carga", "Correa para valija", "Capacidad 18 L"],
  }),

  // Mouse
  product({
    slug: "mouse-logitech-g305",
    name: "Mouse Gamer Inalámbrico Logitech G305 Lightspeed",
    short: "Logitech G305",
    brand: "Logitech",
    category: "pcol_MOUSE",
    sku: "MOU-LOG-G305",
    price: 54999,
    stock: 35,
    featured: true,
    description:
      "Sensor HERO de 12000 DPI, conexión Lightspeed de 1 ms y hasta 250 horas de autonomía con una sola pila AA. Liviano y preciso.",
    specs: ["Sensor HERO 12000 DPI", "Inalámbrico Lightspeed", "250 horas con una pila AA", "6 botones programables"],
    views: 3,
    options: [colours("mouse-logitech-g305", ["Negro", "Blanco", "Lila"])],
    reviews: [
      { rating: 5, text: "Cero lag, no extraño el cable para nada.", author: "Franco Z." },
      { rating: 5, text: "La pila me dura meses. Excelente.", author: "Camila R." },
      { rating: 4, text: "Muy bueno, un poco chico para manos grandes.", author: "Hernán O." },
    ],
    videos: [youtube("hW9sK2pLx4c")],
  }),
  product({
    slug: "mouse-logitech-m170",
    name: "Mouse Inalámbrico Logitech M170",
    short: "Logitech M170",
    brand: "Logitech",
    category: "pcol_MOUSE",
    sku: "MOU-LOG-M170",
    price: 15999,
    stock: 60,
    description:
      "Mouse inalámbrico simple y confiable, con receptor USB nano y hasta 12 meses de batería. Ambidiestro y compacto.",
    specs: ["Receptor USB nano", "Hasta 12 meses de batería", "Ambidiestro", "Alcance de 10 m"],
    legend: null,
  }),
  product({
    slug: "mouse-redragon-cobra-m711",
    name: "Mouse Gamer Redragon Cobra M711 RGB 10000 DPI",
    short: "Cobra M711",
    brand: "Redragon",
    category: "pcol_MOUSE",
    sku: "MOU-RED-M711",
    price: 24999,
    sale: 21999,
    stock: 40,
    description:
      "Mouse gamer con 7 botones programables, iluminación RGB y sensor de hasta 10000 DPI. Cable mallado y pies de teflón.",
    specs: ["Hasta 10000 DPI", "7 botones programables", "Iluminación RGB", "Cable mallado de 1.8 m"],
  }),
  product({
    slug: "mouse-logitech-mx-anywhere-3s",
    name: "Mouse Inalámbrico Logitech MX Anywhere 3S",
    short: "MX Anywhere 3S",
    brand: "Logitech",
    category: "pcol_MOUSE",
    sku: "MOU-LOG-MXA3S",
    price: 89999,
    stock: 12,
    description:
      "Mouse compacto de alto rendimiento: funciona sobre vidrio, clics silenciosos, rueda MagSpeed y conexión a tres dispositivos.",
    specs: [
      "Sensor de 8000 DPI sobre cualquier superficie",
      "Clics silenciosos",
      "Rueda MagSpeed",
      "Bluetooth y USB-C",
    ],
    warranty: 24,
  }),
  product({
    slug: "mouse-razer-deathadder-essential",
    name: "Mouse Gamer Razer DeathAdder Essential",
    short: "DeathAdder",
    brand: "Razer",
    category: "pcol_MOUSE",
    sku: "MOU-RAZ-DAE",
    price: 34999,
    stock: 18,
    description:
      "La forma ergonómica más vendida de Razer, con sensor óptico de 6400 DPI y switches mecánicos para 10 millones de clics.",
    specs: ["Sensor óptico 6400 DPI", "Diseño ergonómico", "5 botones", "Switches de 10 millones de clics"],
  }),
  product({
    slug: "mouse-vertical-logitech-lift",
    name: "Mouse Vertical Ergonómico Logitech Lift",
    short: "Logitech Lift",
    brand: "Logitech",
    category: "pcol_MOUSE",
    sku: "MOU-LOG-LIFT",
    price: 74999,
    stock: 10,
    description:
      "Mouse vertical de 57° que reduce la tensión de la muñeca. Clics silenciosos y conexión Bluetooth o receptor Logi Bolt.",
    specs: ["Ángulo vertical de 57°", "Clics silenciosos", "Bluetooth y Logi Bolt", "Para manos pequeñas y medianas"],
  }),
  product({
    slug: "mouse-hp-x200",
    name: "Mouse Inalámbrico HP X200",
    short: "HP X200",
    brand: "HP",
    category: "pcol_MOUSE",
    sku: "MOU-HP-X200",
    price: 17999,
    stock: 45,
    description: "Mouse inalámbrico de 2.4 GHz con sensor óptico de 1600 DPI y diseño contorneado para uso diario.",
    specs: ["Inalámbrico 2.4 GHz", "Sensor óptico 1600 DPI", "Pila AA incluida"],
    warranty: 6,
  }),

  // Teclados
  product({
    slug: "teclado-redragon-kumara-k552",
    name: "Teclado Mecánico Redragon Kumara K552 RGB Español",
    short: "Kumara K552",
    brand: "Redragon",
    category: "pcol_TECLADOS",
    sku: "TEC-RED-K552",
    price: 54999,
    stock: 28,
    featured: true,
    description:
      "Teclado mecánico TKL con estructura de metal, iluminación RGB y distribución en español con Ñ. El favorito para empezar en los mecánicos.",
    specs: ["Formato TKL (87 teclas)", "Switches mecánicos Outemu", "Iluminación RGB", "Distribución en español"],
    views: 2,
    options: [
      {
        title: "Switch",
        options: [{ name: "Red (lineal)" }, { name: "Blue (clicky)" }, { name: "Brown (táctil)", price: 57999 }],
      },
    ],
    reviews: [
      { rating: 5, text: "Muy sólido, el metal le da peso. Los Red son suaves.", author: "Bruno M." },
      { rating: 4, text: "Buen teclado, el software es básico.", author: "Julieta S." },
    ],
    videos: [youtube("Xy3Fd8JmN0q")],
  }),
  product({
    slug: "teclado-logitech-k380",
    name: "Teclado Inalámbrico Logitech K380 Bluetooth Multidispositivo",
    short: "Logitech K380",
    brand: "Logitech",
    category: "pcol_TECLADOS",
    sku: "TEC-LOG-K380",
    price: 49999,
    stock: 24,
    description:
      "Teclado compacto Bluetooth para escribir en la compu, la tablet y el celular. Cambiá entre tres dispositivos con un botón.",
    specs: [
      "Bluetooth para 3 dispositivos",
      "Compatible con Windows, macOS, Android e iOS",
      "Batería de 24 meses",
      "Distribución en español",
    ],
    options: [colours("teclado-logitech-k380", ["Grafito", "Rosa", "Blanco"])],
  }),
  product({
    slug: "combo-teclado-mouse-logitech-mk270",
    name: "Combo Teclado y Mouse Inalámbrico Logitech MK270",
    short: "Combo MK270",
    brand: "Logitech",
    category: "pcol_TECLADOS",
    sku: "TEC-LOG-MK270",
    price: 39999,
    sale: 34999,
    stock: 33,
    description:
      "Teclado de tamaño completo con teclas multimedia y mouse compacto, ambos con un solo receptor USB. Ideal para la oficina.",
    specs: ["Teclado de tamaño completo", "8 teclas multimedia", "Receptor USB único", "Distribución en español"],
  }),
  product({
    slug: "teclado-hyperx-alloy-origins-core",
    name: "Teclado Mecánico HyperX Alloy Origins Core TKL",
    short: "Alloy Origins",
    brand: "HyperX",
    category: "pcol_TECLADOS",
    sku: "TEC-HX-AOC",
    price: 119999,
    stock: 0,
    description:
      "Cuerpo de aluminio aeronáutico, switches HyperX de respuesta rápida y RGB por tecla. Formato TKL para ganar espacio para el mouse.",
    specs: ["Formato TKL", "Switches HyperX Red", "Cuerpo de aluminio", "RGB por tecla"],
    warranty: 24,
  }),
  product({
    slug: "teclado-logitech-g-pro-x-tkl",
    name: "Teclado Mecánico Logitech G Pro X TKL Lightspeed",
    short: "G Pro X TKL",
    brand: "Logitech",
    category: "pcol_TECLADOS",
    sku: "TEC-LOG-GPROX",
    price: 249999,
    stock: 3,
    draft: true,
    description:
      "El teclado de los profesionales de esports: inalámbrico Lightspeed, switches GX y hasta 50 horas de batería.",
    specs: ["Inalámbrico Lightspeed y Bluetooth", "Switches GX táctiles", "Batería de 50 horas", "Formato TKL"],
    financing: CUOTAS,
  }),
  product({
    slug: "teclado-genius-kb-110",
    name: "Teclado Genius KB-110 USB Español",
    short: "Genius KB-110",
    brand: "Genius",
    category: "pcol_TECLADOS",
    sku: "TEC-GEN-KB110",
    price: 13999,
    stock: 50,
    description:
      "Teclado de tamaño completo resistente a salpicaduras, con teclas de perfil bajo y distribución en español.",
    specs: ["Conexión USB", "Resistente a salpicaduras", "Distribución en español"],
    warranty: 6,
    legend: null,
  }),
  product({
    slug: "teclado-redragon-fizz-k617",
    name: "Teclado Mecánico Redragon Fizz K617 60% RGB",
    short: "Fizz K617",
    brand: "Redragon",
    category: "pcol_TECLADOS",
    sku: "TEC-RED-K617",
    price: 44999,
    stock: 19,
    description:
      "Teclado mecánico 60% ultracompacto con switches hot-swap, cable USB-C desmontable y RGB. Perfecto para setups minimalistas.",
    specs: ["Formato 60% (61 teclas)", "Switches hot-swap", "Cable USB-C desmontable", "Iluminación RGB"],
  }),
];

/** Related products (both directions are inserted), by slug. */
export const DEMO_RELATIONS: Array<[string, string]> = [
  ["notebook-lenovo-ideapad-3-15", "mochila-targus-classic-15"],
  ["notebook-lenovo-ideapad-3-15", "mouse-logitech-m170"],
  ["notebook-lenovo-ideapad-3-15", "notebook-lenovo-ideapad-slim-5"],
  ["notebook-hp-15-fd0000", "mochila-hp-prelude-pro"],
  ["notebook-hp-15-fd0000", "mouse-hp-x200"],
  ["notebook-asus-vivobook-15", "mochila-asus-rog-ranger-bp1500"],
  ["notebook-asus-tuf-gaming-f15", "mouse-logitech-g305"],
  ["notebook-asus-tuf-gaming-f15", "auriculares-logitech-g435"],
  ["notebook-asus-tuf-gaming-f15", "mochila-asus-rog-ranger-bp1500"],
  ["notebook-lenovo-loq-15", "notebook-asus-tuf-gaming-f15"],
  ["notebook-lenovo-loq-15", "mochila-lenovo-b210"],
  ["pc-gamer-ryzen-5-rtx-4060", "monitor-gamer-lg-ultragear-27"],
  ["pc-gamer-ryzen-5-rtx-4060", "teclado-redragon-kumara-k552"],
  ["pc-gamer-ryzen-5-rtx-4060", "mouse-redragon-cobra-m711"],
  ["pc-gamer-ryzen-5-rtx-4060", "auriculares-hyperx-cloud-ii"],
  ["pc-gamer-intel-i7-rtx-4070-super", "monitor-gamer-samsung-odyssey-g5"],
  ["pc-oficina-ryzen-5-5600g", "monitor-philips-22-221v8"],
  ["pc-oficina-ryzen-5-5600g", "combo-teclado-mouse-logitech-mk270"],
  ["pc-oficina-intel-i3-12100", "monitor-samsung-24-t350"],
  ["consola-playstation-5-slim", "joystick-dualsense-ps5"],
  ["consola-playstation-5-slim", "auriculares-razer-blackshark-v2-x"],
  ["consola-xbox-series-s", "joystick-xbox-inalambrico"],
  ["consola-nintendo-switch-oled", "consola-playstation-5-slim"],
  ["monitor-gamer-samsung-odyssey-g5", "monitor-gamer-lg-ultragear-27"],
  ["monitor-gamer-asus-tuf-vg249q1a", "monitor-gamer-lg-ultragear-27"],
  ["gabinete-corsair-4000d-airflow", "gabinete-lian-li-lancool-216"],
  ["gabinete-corsair-4000d-airflow", "gabinete-redragon-wideload"],
  ["cafetera-oster-prima-latte", "cafetera-nespresso-essenza-mini"],
  ["cafetera-oster-prima-latte", "cafetera-dolce-gusto-genio-s-plus"],
  ["cafetera-philips-ep2220", "cafetera-oster-prima-latte"],
  ["silla-gamer-redragon-coeus", "silla-gamer-corsair-t3-rush"],
  ["silla-gamer-redragon-coeus", "silla-gamer-cougar-armor-one"],
  ["silla-oficina-ergonomica-mesh", "silla-ejecutiva-baires4-alta"],
  ["mochila-samsonite-guardit-2", "mochila-targus-classic-15"],
  ["mouse-logitech-g305", "teclado-redragon-kumara-k552"],
  ["mouse-logitech-g305", "auriculares-logitech-g435"],
  ["mouse-logitech-mx-anywhere-3s", "teclado-logitech-k380"],
  ["teclado-redragon-kumara-k552", "teclado-redragon-fizz-k617"],
  ["teclado-logitech-k380", "combo-teclado-mouse-logitech-mk270"],
];

/** How far back the demo products' creation dates go. */
export const DEMO_HISTORY_DAYS = 120;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Staggered creation dates over the last DEMO_HISTORY_DAYS days: a different day for each
 * product (53 and 120 are coprime), so "newest first" gives a stable, mixed order.
 */
export function demoCreatedAt(index: number, now: Date): Date {
  const daysAgo = (index * 53) % DEMO_HISTORY_DAYS;
  const minutes = (index * 137) % (12 * 60);
  return new Date(now.getTime() - daysAgo * DAY_MS - minutes * 60 * 1000);
}

/** Every image file the demo catalogue refers to (main, gallery and option images). */
export function demoImageUrls(p: DemoProduct): string[] {
  const urls = [p.imageUrl, ...(p.meta.gallery_images ?? [])];
  for (const group of p.meta.option_groups ?? []) {
    for (const option of group.options) if (option.image_url) urls.push(option.image_url);
  }
  return [...new Set(urls)];
}
