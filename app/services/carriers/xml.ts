import { XMLBuilder, XMLParser, XMLValidator } from "fast-xml-parser";

// OCA answers ASP.NET DataSets: <DataSet><xs:schema/><diffgr:diffgram><NewDataSet><Table>…</Table>
// …</NewDataSet></diffgr:diffgram></DataSet>, or a bare <string> for a PDF. These helpers read the
// rows of one table (as text, for Zod to check) and build the XML OCA takes.

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  trimValues: true,
});
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@_", suppressEmptyNode: true });

export type XmlNode = { [key: string]: unknown };

/** The parsed document, or null when it is not well-formed XML. */
export function parseXml(text: string): XmlNode | null {
  if (XMLValidator.validate(text) !== true) return null;
  try {
    return parser.parse(text) as XmlNode;
  } catch {
    return null;
  }
}

export function buildXml(node: XmlNode): string {
  return builder.build(node) as string;
}

/** The first element named `name` anywhere under `node` (depth first). */
export function findElement(node: unknown, name: string): unknown {
  if (!node || typeof node !== "object") return undefined;
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = findElement(child, name);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  const record = node as XmlNode;
  if (name in record) return record[name];
  for (const [key, child] of Object.entries(record)) {
    if (key.startsWith("@_")) continue;
    const found = findElement(child, name);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The rows of table `table` in a DataSet answer ([] when the DataSet has none: OCA's "nothing
 * found"), or null when the document is not a DataSet at all.
 */
export function dataSetRows(doc: XmlNode, table: string): Record<string, unknown>[] | null {
  const dataSet = findElement(doc, "DataSet");
  if (dataSet === undefined) return null;
  const newDataSet = findElement(dataSet, "NewDataSet");
  if (newDataSet === undefined || newDataSet === "") return [];
  const rows = (newDataSet as XmlNode)[table];
  if (rows === undefined) return [];
  return (Array.isArray(rows) ? rows : [rows]) as Record<string, unknown>[];
}

/** The text of an element (an element with attributes parses as { "#text", "@_…" }). */
export function elementText(node: unknown): string {
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (node && typeof node === "object" && "#text" in node) return String((node as XmlNode)["#text"]);
  return "";
}
