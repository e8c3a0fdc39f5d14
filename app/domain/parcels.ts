// Parcels ([21/25], ADR 0018): what a cart weighs and measures when it travels, combined the way
// the carriers' own clients do it. Each unit is a box (weight in grams, sides in cm) taken from its
// variant, else its product, else the store's default parcel, field by field. Units go into
// parcels: weights added, volumes added, the box's two longest sides the largest of its units',
// the units stacked on their shortest side (so the largest side is kept and the stack's height
// grows). A parcel that would go over a carrier's limits (weight, any side) closes and the next unit
// starts a new one; a single unit over the limits cannot travel with that carrier ("excede").
// Pure: no I/O. The quotes model hashes the result, so the same cart always gives the same parcels.

/** A box: grams and centimetres (sides may have one decimal). */
export type Box = { weightGrams: number; lengthCm: number; widthCm: number; heightCm: number };

/** What a product or variant says about its box; null or absent: not known (the next level decides). */
export type BoxData = {
  weightGrams?: number | null;
  lengthCm?: number | null;
  widthCm?: number | null;
  heightCm?: number | null;
};

/** A cart line as parcels need it: how many units, the variant's box data over the product's. */
export type ParcelLine = { quantity: number; product: BoxData; variant?: BoxData | null; label?: string };

/**
 * A parcel as carriers take it: total grams, the sum of its units' volumes (cm³, what OCA's
 * VolumenTotal adds up), and the box it fits in (MiCorreo's dimensions), sides sorted longest first.
 */
export type Parcel = {
  weightGrams: number;
  volumeCm3: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  units: number;
};

/** A carrier's limits per parcel, and how many parcels one shipment may have. */
export type ParcelLimits = { maxWeightGrams: number; maxSideCm: number; maxParcels: number };

export type ParcelsResult =
  | { ok: true; parcels: Parcel[] }
  /** "excede": a unit alone is over the limits, or the cart needs more parcels than allowed. */
  | { ok: false; reason: "unit_too_heavy" | "unit_too_large" | "too_many_parcels"; label?: string; message: string };

/** The store's default when staff set nothing: a 1 kg box of 30 × 20 × 10 cm. */
export const FALLBACK_PARCEL: Box = { weightGrams: 1000, lengthCm: 30, widthCm: 20, heightCm: 10 };

/** The box of one unit: each field from the variant, else the product, else the default. */
export function unitBox(line: Pick<ParcelLine, "product" | "variant">, fallback: Box): Box {
  const pick = (field: keyof Box): number => {
    const own = line.variant?.[field] ?? line.product[field];
    return own !== null && own !== undefined && own > 0 ? own : fallback[field];
  };
  return {
    weightGrams: Math.round(pick("weightGrams")),
    lengthCm: pick("lengthCm"),
    widthCm: pick("widthCm"),
    heightCm: pick("heightCm"),
  };
}

/** The sides of a box, longest first. */
function sortedSides(box: Box): [number, number, number] {
  const [a, b, c] = [box.lengthCm, box.widthCm, box.heightCm].sort((x, y) => y - x);
  return [a!, b!, c!];
}

/** One decimal, as sides are kept (no binary noise from sums such as 0.1 + 0.2). */
const tenth = (n: number) => Math.round(n * 10) / 10;

/** Adds one unit to a parcel (or starts one): weights and volumes added, stacked on the shortest side. */
function addUnit(parcel: Parcel | null, box: Box): Parcel {
  const [long, mid, short] = sortedSides(box);
  const volume = tenth(long * mid * short);
  if (!parcel) {
    return { weightGrams: box.weightGrams, volumeCm3: volume, lengthCm: long, widthCm: mid, heightCm: short, units: 1 };
  }
  const [length, width, height] = [
    Math.max(parcel.lengthCm, long),
    Math.max(parcel.widthCm, mid),
    parcel.heightCm + short,
  ]
    .sort((x, y) => y - x)
    .map(tenth) as [number, number, number];
  return {
    weightGrams: parcel.weightGrams + box.weightGrams,
    volumeCm3: tenth(parcel.volumeCm3 + volume),
    lengthCm: length,
    widthCm: width,
    heightCm: height,
    units: parcel.units + 1,
  };
}

function fits(parcel: Parcel, limits: ParcelLimits): boolean {
  return parcel.weightGrams <= limits.maxWeightGrams && parcel.lengthCm <= limits.maxSideCm;
}

const grams = new Intl.NumberFormat("es-AR", { maximumFractionDigits: 1 });

/**
 * The cart's parcels for a carrier with these limits. Units are placed heaviest first into the
 * first parcel they fit in (first-fit decreasing), so a cart that fits in one parcel is one parcel.
 */
export function buildParcels(lines: readonly ParcelLine[], fallback: Box, limits: ParcelLimits): ParcelsResult {
  const units: { box: Box; label?: string }[] = [];
  for (const line of lines) {
    const box = unitBox(line, fallback);
    for (let i = 0; i < line.quantity; i++) units.push({ box, label: line.label });
  }
  units.sort((a, b) => b.box.weightGrams - a.box.weightGrams);
  const parcels: Parcel[] = [];
  for (const unit of units) {
    const alone = addUnit(null, unit.box);
    if (alone.weightGrams > limits.maxWeightGrams) {
      return {
        ok: false,
        reason: "unit_too_heavy",
        label: unit.label,
        message: `${unit.label ?? "Un producto"} pesa ${grams.format(alone.weightGrams / 1000)} kg: excede el máximo de ${grams.format(limits.maxWeightGrams / 1000)} kg por paquete de este envío.`,
      };
    }
    if (alone.lengthCm > limits.maxSideCm) {
      return {
        ok: false,
        reason: "unit_too_large",
        label: unit.label,
        message: `${unit.label ?? "Un producto"} mide ${grams.format(alone.lengthCm)} cm: excede el máximo de ${limits.maxSideCm} cm por lado de este envío.`,
      };
    }
    const index = parcels.findIndex((parcel) => fits(addUnit(parcel, unit.box), limits));
    if (index >= 0) parcels[index] = addUnit(parcels[index]!, unit.box);
    else parcels.push(alone);
  }
  if (parcels.length > limits.maxParcels) {
    return {
      ok: false,
      reason: "too_many_parcels",
      message: `El pedido necesita ${parcels.length} paquetes y este envío admite hasta ${limits.maxParcels}.`,
    };
  }
  return { ok: true, parcels };
}

/** The whole shipment's grams, volume and parcel count (what OCA's quote asks for). */
export function parcelTotals(parcels: readonly Parcel[]): { weightGrams: number; volumeCm3: number; count: number } {
  return {
    weightGrams: parcels.reduce((sum, p) => sum + p.weightGrams, 0),
    volumeCm3: tenth(parcels.reduce((sum, p) => sum + p.volumeCm3, 0)),
    count: parcels.length,
  };
}

/**
 * A canonical text of the cart's units (each box and how many): the same cart, in any line order,
 * gives the same text, whichever carrier's limits later split it. The quotes model hashes it to key
 * its cache and to check, at the order, that a quote id was given for this very cart.
 */
export function boxesSignature(lines: readonly ParcelLine[], fallback: Box): string {
  const counts = new Map<string, number>();
  for (const line of lines) {
    if (line.quantity <= 0) continue;
    const box = unitBox(line, fallback);
    const key = [box.weightGrams, box.lengthCm, box.widthCm, box.heightCm].join("x");
    counts.set(key, (counts.get(key) ?? 0) + line.quantity);
  }
  return [...counts.entries()]
    .map(([key, count]) => `${count}*${key}`)
    .sort()
    .join("|");
}

// ------------------------------------------------------------------ typed by staff

/** A box's fields, as the product dialog and the CSV name them. */
export const BOX_FIELDS = ["weightGrams", "lengthCm", "widthCm", "heightCm"] as const;
export type BoxField = (typeof BOX_FIELDS)[number];

/** What each field is called in a sentence ("el peso (g)"). */
export const BOX_FIELD_NAMES: Record<BoxField, string> = {
  weightGrams: "el peso (g)",
  lengthCm: "el largo (cm)",
  widthCm: "el ancho (cm)",
  heightCm: "el alto (cm)",
};

/** The database's limits (migration 0021): grams 1 to 1.000.000, sides above 0 with one decimal. */
export const MAX_WEIGHT_GRAMS = 1_000_000;
export const MAX_SIDE_CM = 1000;

/**
 * A weight or side as staff type it ("1500", "25,5", "25.5"): the number (sides rounded to one
 * decimal), null when empty (not known), or what is wrong, as the end of a sentence
 * ("el peso (g) va en gramos enteros").
 */
export function parseBoxField(
  field: BoxField,
  text: string | null | undefined,
): { ok: true; value: number | null } | { ok: false; message: string } {
  const raw = (text ?? "").trim();
  if (raw === "") return { ok: true, value: null };
  const name = BOX_FIELD_NAMES[field];
  if (!/^\d+([.,]\d+)?$/.test(raw)) return { ok: false, message: `${name} «${raw}» no es un número` };
  const n = Number(raw.replace(",", "."));
  if (field === "weightGrams") {
    if (!Number.isInteger(n)) return { ok: false, message: `${name} va en gramos enteros` };
    if (n < 1 || n > MAX_WEIGHT_GRAMS) return { ok: false, message: `${name} va de 1 a 1.000.000 g` };
    return { ok: true, value: n };
  }
  const side = Math.round(n * 10) / 10;
  if (side <= 0) return { ok: false, message: `${name} debe ser mayor que 0` };
  if (side > MAX_SIDE_CM) return { ok: false, message: `${name} admite hasta ${MAX_SIDE_CM} cm` };
  return { ok: true, value: side };
}

/** A stored weight or side as the dialog and the CSV write it ("25,5"; "" when not known). */
export function formatBoxField(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  return String(Number(value)).replace(".", ",");
}
