import Papa from "papaparse";
import { toCents } from "./money";
import { DEFAULT_IVA_RATE, type IvaRate, isIvaRate } from "./taxes";

// The CSV reading and writing rules shared by every CSV the store reads or writes (products in
// product-import.ts / product-export.ts, orders in orders-csv.ts), pure and shared by the browser
// and the server.
//
// - Files are read with Papa Parse; the delimiter is guessed from the header line (comma,
//   semicolon, tab...). Bytes that are not valid UTF-8 are read as Windows-1252 (Excel's "CSV"
//   on an Argentine Windows, Tiendanube's export).
// - Files we write use semicolons and es-AR numbers ("1234,50"), which is what Excel expects on
//   an Argentine Windows; the routes prepend a UTF-8 BOM so Excel reads the accents.
// - A cell that a spreadsheet would run as a formula (= + - @, tab, CR) is written with a
//   leading apostrophe; reading takes that apostrophe off again, so a round trip is exact.

export const CSV_ERRORS = {
  invalid: "Archivo CSV inválido",
  read: "Error al leer el archivo",
  unreadable: "No se pudo leer el archivo",
  empty: "No hay datos para importar",
  failed: "Error durante la importación",
} as const;

export class CsvError extends Error {
  constructor(
    readonly title: string,
    message?: string,
  ) {
    super(message ?? title);
    this.name = "CsvError";
  }
}

// ---------------------------------------------------------------- cell rules

/** Lowercase, accents folded, anything else between words as "_": "Precio de Oferta" -> "precio_de_oferta". */
export function normaliseHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/**
 * An es-AR number for counts (stock): everything but digits, "," and "-" is dropped, and ","
 * is the decimal separator: "1.234" -> 1234. Empty -> null; unreadable -> NaN. Prices are read
 * by parseColumnAmount (domain/amount.ts) with their column's separator instead.
 */
export function parseNumber(text: string | null | undefined): number | null {
  const raw = (text ?? "").trim();
  if (raw === "") return null;
  const cleaned = raw.replace(/[^0-9,-]/g, "");
  if (!/^-?\d*(,\d*)?$/.test(cleaned) || !/\d/.test(cleaned)) return Number.NaN;
  return Number(cleaned.replace(",", "."));
}

const TRUE_WORDS = new Set(["true", "1", "si", "sí", "verdadero"]);

/** true for true, 1, si, sí, verdadero (any case); false for anything else. */
export function parseBoolean(text: string | null | undefined): boolean {
  return TRUE_WORDS.has((text ?? "").trim().toLowerCase());
}

/** The meta cell as a JSON object; anything else (empty, invalid, an array) gives {}. */
export function parseMeta(text: string | null | undefined): Record<string, unknown> {
  const raw = (text ?? "").trim();
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const STATUS_WORDS: Record<string, "published" | "draft"> = {
  published: "published",
  publicado: "published",
  publicada: "published",
  publish: "published",
  activo: "published",
  active: "published",
  draft: "draft",
  borrador: "draft",
  inactivo: "draft",
  inactive: "draft",
};

/** Empty -> published (the default); a known word -> its status; anything else -> null. */
export function parseStatus(text: string | null | undefined): "published" | "draft" | null {
  const raw = (text ?? "").trim().toLowerCase();
  if (raw === "") return "published";
  return STATUS_WORDS[raw] ?? null;
}

/**
 * The IVA rate cell: empty -> 21 (the default); 21 or 10,5 (a "%" and, for 10.5, a decimal
 * point are allowed too); anything else -> null.
 */
export function parseIvaRate(text: string | null | undefined): IvaRate | null {
  const raw = (text ?? "").trim().replace(/\s*%$/, "");
  if (raw === "") return DEFAULT_IVA_RATE;
  // "10.5" is no es-AR number (the dot separates thousands), but it can only mean 10,5 here.
  const value = /^\d+\.\d+$/.test(raw) ? Number(raw) : parseNumber(raw);
  return value !== null && isIvaRate(value) ? value : null;
}

/** 21 -> "21", 10.5 -> "10,5" (what parseIvaRate reads back). */
export function formatCsvIvaRate(value: number | string): string {
  return String(Number(value)).replace(".", ",");
}

// Apostrophes before a formula start are counted too, so that a cell that itself begins with
// "'=" comes back as it was (found by the export/import property test).
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** A cell a spreadsheet would treat as a formula gets a leading apostrophe. */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Takes off the apostrophe that neutraliseCell added. */
export function restoreCell(value: string): string {
  return /^'+[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/** An image address the store can show: http(s) or a path on this site. */
export function isImageUrl(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//");
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- reading a file

const DELIMITERS = [",", ";", "\t", "|"] as const;

/**
 * The delimiter of a file, read from its header line: the candidate that appears most often
 * outside quotes (headers hardly ever contain one). Comma when none appears.
 */
export function guessDelimiter(text: string): string {
  const clean = text.replace(/^\uFEFF/, "");
  const end = clean.search(/\r?\n/);
  const header = (end >= 0 ? clean.slice(0, end) : clean).replace(/"[^"]*"/g, "");
  let best: string = ",";
  let bestCount = 0;
  for (const d of DELIMITERS) {
    const count = header.split(d).length - 1;
    if (count > bestCount) {
      best = d;
      bestCount = count;
    }
  }
  return best;
}

/** Papa Parse settings shared by the browser (streaming a File) and the server (a string). */
export function csvParseConfig(sample: string) {
  return { delimiter: guessDelimiter(sample), skipEmptyLines: false } as const;
}

/**
 * The text of a file's bytes: UTF-8 when they are valid UTF-8 (a BOM is dropped), else
 * Windows-1252 (what Excel saves as "CSV" on a Spanish Windows, and Tiendanube's export).
 */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: "utf-8" | "windows-1252" } {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, ""), encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(bytes), encoding: "windows-1252" };
  }
}

/** Parses CSV text into rows of cells. */
export function parseCsvText(text: string): string[][] {
  const clean = text.replace(/^\uFEFF/, "");
  const result = Papa.parse<string[]>(clean, csvParseConfig(clean));
  return result.data;
}

/**
 * Splits parsed rows into the header and the data rows. Trailing blank lines are not rows;
 * blank lines in between are kept (they count as errors). Fewer than a header and one data
 * row: "Archivo CSV inválido".
 */
export function splitHeader(rows: string[][]): { headers: string[]; data: string[][] } {
  const isBlank = (r: string[]) => r.every((c) => (c ?? "").trim() === "");
  let end = rows.length;
  while (end > 0 && isBlank(rows[end - 1]!)) end--;
  const [header, ...data] = rows.slice(0, end);
  if (!header || isBlank(header) || data.length === 0) {
    throw new CsvError(CSV_ERRORS.invalid, "El archivo necesita una fila de encabezados y al menos una fila de datos.");
  }
  return { headers: header.map((h) => (h ?? "").replace(/^\uFEFF/, "").trim()), data };
}

// ---------------------------------------------------------------- writing a file

export const CSV_BOM = "\uFEFF";
export const CSV_DELIMITER = ";";

/** 1234.5 -> "1234,50" (what parseNumber reads back); missing -> "". */
export function formatCsvNumber(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const cents = toCents(value);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/** CSV text with a header row (no BOM: the caller adds CSV_BOM for a download). */
export function toCsv(headers: readonly string[], rows: string[][]): string {
  return Papa.unparse(
    { fields: [...headers], data: rows },
    { delimiter: CSV_DELIMITER, newline: "\r\n", quotes: false },
  );
}
