import sanitizeHtml from "sanitize-html";
import { IMPORT_FIELDS, IMPORT_FIELD_LABELS } from "~/domain/product-import";

// Stored-XSS payloads, shared by the integration tests and the browser test. Each one, if it ran,
// would set window.__xss; each element it tries to inject carries data-xss, so the browser test
// can tell an injected element from escaped text even where the CSP would stop the script.
export const XSS_PAYLOADS = [
  `<script>window.__xss=1</script>`,
  `<img src=x onerror="window.__xss=2" data-xss>`,
  `"><svg onload="window.__xss=3" data-xss>`,
  `'><iframe srcdoc="<script>parent.__xss=4</script>" data-xss></iframe>`,
  `<a href="javascript:window.__xss=5" data-xss>clic</a>`,
  `<a href="JaVaScRiPt&colon;window.__xss=6">clic</a>`,
  `<div style="background:url(javascript:window.__xss=7)" data-xss>x</div>`,
  `</script><script>window.__xss=8</script>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=9" data-xss>`,
  `<details open ontoggle="window.__xss=10" data-xss>`,
  `{{constructor.constructor('window.__xss=11')()}}`,
  `<!--<img src=x onerror="window.__xss=12" data-xss>-->`,
  `<object data="javascript:window.__xss=13" data-xss></object>`,
  `<form action="javascript:window.__xss=14"><button data-xss>x</button></form>`,
  `<base href="javascript:window.__xss=15//">`,
  `<meta http-equiv="refresh" content="0;url=javascript:window.__xss=16">`,
  `<input autofocus onfocus="window.__xss=17" data-xss>`,
  `<noscript><p title="</noscript><img src=x onerror=window.__xss=18 data-xss>">`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==" data-xss>x</a>`,
  `<img src="x" style="x:expression(window.__xss=19)" data-xss>`,
];

/** All payloads in one string, cut to `max` characters (for fields with a length limit). */
export function payloadText(max = 5000): string {
  return XSS_PAYLOADS.join(" ").slice(0, max);
}

const DANGEROUS_TAGS = new Set([
  "script",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "base",
  "meta",
  "link",
  "svg",
  "math",
  "form",
  "input",
  "button",
  "textarea",
  "select",
  "style",
  "template",
  "noscript",
]);
const URL_ATTRIBUTES = new Set([
  "href",
  "src",
  "action",
  "formaction",
  "xlink:href",
  "data",
  "poster",
  "background",
  "srcset",
]);

/**
 * What in an HTML fragment could run script: dangerous elements, event-handler attributes,
 * srcdoc, javascript:/vbscript:/data: URLs, CSS expressions. Empty when the HTML is inert.
 * The HTML is parsed (entities decoded) by sanitize-html's parser, not matched as text.
 */
export function executableParts(html: string): string[] {
  const found: string[] = [];
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    // Let every URL through to the filter below (sanitize-html would drop these schemes first).
    allowedSchemes: ["http", "https", "mailto", "tel", "ftp", "file", "javascript", "vbscript", "data"],
    allowProtocolRelative: true,
    exclusiveFilter(frame) {
      if (DANGEROUS_TAGS.has(frame.tag)) found.push(`<${frame.tag}>`);
      for (const [name, value] of Object.entries(frame.attribs)) {
        const lower = name.toLowerCase();
        if (lower.startsWith("on") || lower === "srcdoc") found.push(`${frame.tag}[${lower}]`);
        // Browsers ignore control characters and spaces inside a scheme ("java\tscript:").
        const squeezed = [...value].filter((c) => c.charCodeAt(0) > 0x20).join("");
        if (URL_ATTRIBUTES.has(lower) && /^(javascript|vbscript|data):/i.test(squeezed)) {
          found.push(`${frame.tag}[${lower}=${value.slice(0, 30)}]`);
        }
        if (lower === "style" && /expression\s*\(|javascript:/i.test(value)) found.push(`${frame.tag}[style]`);
      }
      return false;
    },
  });
  return found;
}

/** Cut to `max` characters: each payload in turn, for fields with a length limit. */
export function payloadAt(i: number, max: number): string {
  return XSS_PAYLOADS[i % XSS_PAYLOADS.length]!.slice(0, max);
}

/**
 * The admin's product save (POST /admin/productos, intent "save") with a payload in every text
 * and HTML field. `word` is a plain word in the name, to find the product by search.
 */
export function payloadProduct(word: string) {
  return {
    id: null,
    name: `${word} ${payloadAt(1, 200)}`,
    slug: `${word.toLowerCase()}-xss`,
    sku: `${word}-${payloadAt(2, 60)}`,
    price: "1000",
    sale_price: "",
    stock: "50",
    iva_rate: "21",
    category_id: "",
    status: "published",
    is_featured: false,
    description: payloadText(240),
    image_url: "",
    meta: {
      price_legend: payloadAt(3, 200),
      description_html: `<p>Descripción</p>${payloadText()}`,
      gallery_images: [],
      option_groups: [{ title: payloadAt(4, 100), options: [{ name: payloadAt(5, 100), price: "", image_url: "" }] }],
      financing_plans: [{ name: payloadAt(6, 100), interest_rate: "0" }],
      reviews: [{ author: payloadAt(7, 100), text: payloadText(2000), rating: "5" }],
      videos: [],
      extra_info: [{ label: payloadAt(8, 100), value: `<p>Más</p>${payloadText()}` }],
    },
    related: [],
  };
}

/** CSV rows (after the browser's column mapping) with a payload in every column that takes text. */
/** A product CSV as the import wizard sends it (header, rows, mapping): two products with payloads in every column. */
export function payloadCsvFile(word: string) {
  const rows = [1, 2].map((row) => ({
    name: `${word}${row} ${payloadAt(row + 9, 200)}`,
    price: "2500",
    stock: "5",
    description: payloadText(240),
    category_name: payloadAt(row, 80),
    sku: `${word}-csv-${row}`,
    status: "published",
    meta: JSON.stringify({
      description_html: payloadText(),
      price_legend: payloadAt(row + 3, 200),
      extra_info: { [payloadAt(row, 50)]: payloadText() },
    }),
  }));
  const columns = Object.keys(rows[0]!) as (keyof (typeof rows)[number])[];
  return {
    fileName: `${word}.csv`,
    headers: columns.map((column) => IMPORT_FIELD_LABELS[column]),
    data: rows.map((row) => columns.map((column) => row[column])),
    mapping: Object.fromEntries(
      IMPORT_FIELDS.map((field) => [
        field,
        columns.indexOf(field as (typeof columns)[number]) >= 0
          ? columns.indexOf(field as (typeof columns)[number])
          : null,
      ]),
    ),
  };
}
