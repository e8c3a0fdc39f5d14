// Argentine postal codes: the CPA (letter + 4 digits + 3 letters, e.g. C1043AAZ) starts with
// the province's letter; an old numeric code (4 digits) is placed by range.

export const PROVINCES: Record<string, string> = {
  A: "Salta",
  B: "Buenos Aires",
  C: "Ciudad Autónoma de Buenos Aires",
  D: "San Luis",
  E: "Entre Ríos",
  F: "La Rioja",
  G: "Santiago del Estero",
  H: "Chaco",
  J: "San Juan",
  K: "Catamarca",
  L: "La Pampa",
  M: "Mendoza",
  N: "Misiones",
  P: "Formosa",
  Q: "Neuquén",
  R: "Río Negro",
  S: "Santa Fe",
  T: "Tucumán",
  U: "Chubut",
  V: "Tierra del Fuego",
  W: "Corrientes",
  X: "Córdoba",
  Y: "Jujuy",
  Z: "Santa Cruz",
};

export type ProvinceCode = keyof typeof PROVINCES;

/** Numeric code ranges (inclusive) and their province letter; the first match wins. */
export type PostalRange = { from: number; to: number; province: string };

export const DEFAULT_POSTAL_RANGES: PostalRange[] = [
  { from: 1000, to: 1499, province: "C" },
  { from: 1500, to: 1999, province: "B" },
  { from: 2000, to: 2999, province: "S" },
  { from: 3000, to: 3099, province: "S" },
  { from: 3100, to: 3299, province: "E" },
  { from: 3300, to: 3399, province: "N" },
  { from: 3400, to: 3499, province: "W" },
  { from: 3500, to: 3599, province: "H" },
  { from: 3600, to: 3699, province: "P" },
  { from: 4000, to: 4199, province: "T" },
  { from: 4200, to: 4399, province: "G" },
  { from: 4400, to: 4599, province: "A" },
  { from: 4600, to: 4699, province: "Y" },
  { from: 4700, to: 4799, province: "K" },
  { from: 5300, to: 5399, province: "F" },
  { from: 5400, to: 5499, province: "J" },
  { from: 5500, to: 5699, province: "M" },
  { from: 5700, to: 5799, province: "D" },
  { from: 5000, to: 5999, province: "X" },
  { from: 6300, to: 6399, province: "L" },
  { from: 6000, to: 8199, province: "B" },
  { from: 8300, to: 8399, province: "Q" },
  { from: 8400, to: 8599, province: "R" },
  { from: 9000, to: 9299, province: "U" },
  { from: 9300, to: 9409, province: "Z" },
  { from: 9410, to: 9499, province: "V" },
];

export type ParsedPostalCode = { code: string; province: string };

/** Province letter of a CPA or numeric postal code, or null when it is not one. */
export function parsePostalCode(input: string, ranges: PostalRange[] = DEFAULT_POSTAL_RANGES): ParsedPostalCode | null {
  const value = input.replace(/\s+/g, "").toUpperCase();
  const cpa = /^([A-HJ-NP-Z])(\d{4})([A-Z]{3})?$/.exec(value);
  if (cpa && PROVINCES[cpa[1]!]) return { code: value, province: cpa[1]! };
  if (/^\d{4}$/.test(value)) {
    const n = Number(value);
    const range = ranges.find((r) => n >= r.from && n <= r.to);
    return range && PROVINCES[range.province] ? { code: value, province: range.province } : null;
  }
  return null;
}
