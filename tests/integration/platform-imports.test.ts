import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, productVariants, products } from "~/db/schema/catalog";
import { productImportImages } from "~/db/schema/imports";
import { decodeCsvBytes, parseCsvText, splitHeader } from "~/domain/csv";
import { autoMatchColumns } from "~/domain/product-import";
import { downloadAllPendingImages, isInternalAddress } from "~/jobs/import-images.server";
import { resetEnv } from "~/utils/env.server";
import { runQueuedImports } from "~/jobs/product-import.server";
import {
  getImportStatus,
  listImageFailures,
  planImport,
  previewImport,
  queueImport,
} from "~/models/product-imports.server";
import { createUser } from "~/models/user.server";
import type { FileStorage } from "~/services/file-storage";
import { feedImageUrl, localDiskStorage } from "~/services/storage.server";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setupTestDatabase } from "../setup/db";

// A merchant brings the catalogue from the platform they leave: the real export files of each
// platform (tests/fixtures/imports, sources in SOURCES.md) imported end to end through the
// background job, checked afterwards in the database to the cent.

const database = setupTestDatabase();
let ADMIN: { id: string; email: string };

beforeAll(async () => {
  const user = await createUser({ email: "importa@vitec.com.ar", password: "clave-de-admin-1", fullName: "Importa" });
  ADMIN = { id: user.id, email: user.email };
});

function fileOf(name: string, bytes: Uint8Array = readFileSync(`tests/fixtures/imports/${name}`)) {
  const { text } = decodeCsvBytes(bytes);
  const { headers, data } = splitHeader(parseCsvText(text));
  return { fileName: name, headers, data, mapping: null };
}

async function importFile(name: string, bytes?: Uint8Array) {
  const file = fileOf(name, bytes);
  const plan = planImport(file, autoMatchColumns(file.headers));
  const preview = await previewImport(plan, file.data.length);
  const id = await queueImport(ADMIN, name, plan);
  expect(await runQueuedImports()).toBe(1);
  // Run again: the import was claimed once and written once.
  expect(await runQueuedImports()).toBe(0);
  const status = await getImportStatus(id);
  return { plan, preview, status: status! };
}

const productBySlug = async (slug: string) => {
  const [p] = await database.db.select().from(products).where(eq(products.slug, slug));
  return p!;
};
const variantsOf = (productId: string) =>
  database.db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position));
async function categoryPathOf(id: string | null): Promise<string | null> {
  if (!id) return null;
  const names: string[] = [];
  for (let at: string | null = id; at;) {
    const [c] = await database.db.select().from(categories).where(eq(categories.id, at));
    names.unshift(c!.name);
    at = c!.parentId;
  }
  return names.join(" > ");
}

describe("a Tiendanube export (Windows-1252, ;)", () => {
  it("is recognised and imported with its variants, prices to the cent and nested categories", async () => {
    const { preview, status } = await importFile("tiendanube-productos.csv");
    expect(preview.profileName).toBe("Tiendanube");
    expect(preview.columns.find((c) => c.column === "Precio")).toMatchObject({
      decimal: ".",
      examples: [
        { text: "5,900.00", cents: 590000 },
        { text: "6,150.00", cents: 615000 },
        { text: "89,999.99", cents: 8999999 },
      ],
    });
    expect(preview.create).toBe(6);
    expect(preview.categoriesNew).toEqual(
      expect.arrayContaining([
        "Acero",
        "Acero > Acero Blanco",
        "Acero > Acero Blanco > Cadenas",
        "Acero > Acero Blanco > Anillos",
      ]),
    );
    expect(status).toMatchObject({ status: "done", total: 6, processed: 6 });
    expect(status.report).toMatchObject({ created: 6, failure: null });

    const remera = await productBySlug("remera-algodon-peinado");
    expect(remera).toMatchObject({
      name: "Remera Algodón Peinado",
      price: "5900.00",
      status: "published",
      stock: 25,
      brand: "Vitec Textil",
    });
    expect(await categoryPathOf(remera.categoryId)).toBe("Indumentaria > Remeras");
    expect(remera.meta.description_html).toContain("<strong>peinado</strong>");
    expect(remera.description).toBe(
      "Remera de algodón peinado 24/1, cuello redondo. • 100% algodón • Hecha en Argentina",
    );
    expect(
      (await variantsOf(remera.id)).map((v) => [v.options[0]!.option, v.sku, v.price, v.salePrice, v.stock]),
    ).toEqual([
      ["S", "REM-ALG-S", "5900.00", "4990.50", 10],
      ["M", "REM-ALG-M", "5900.00", "4990.50", 15],
      ["L", "REM-ALG-L", "6150.00", null, 0],
    ]);
    const zapatilla = await productBySlug("zapatilla-urbana");
    expect(zapatilla.meta.option_groups?.map((g) => [g.title, g.options.map((o) => o.name)])).toEqual([
      ["Talle", ["40", "41"]],
      ["Color", ["Negro", "Blanco"]],
    ]);
    expect((await variantsOf(zapatilla.id)).map((v) => [v.price, v.salePrice])).toEqual([
      ["89999.99", null],
      ["89999.99", null],
      ["92500.00", "85000.00"],
      ["92500.00", null],
    ]);
    const cadena = await productBySlug("cadena-acero-blanco-60cm");
    const anillo = await productBySlug("anillo-acero-blanco");
    expect(cadena).toMatchObject({ price: "1250.00", stock: 7, status: "published", sku: "CAD-AB-60" });
    expect(anillo.status).toBe("draft"); // Mostrar en tienda: NO
    expect(await categoryPathOf(cadena.categoryId)).toBe("Acero > Acero Blanco > Cadenas");
    expect(await categoryPathOf(anillo.categoryId)).toBe("Acero > Acero Blanco > Anillos");
    // "Acero" and "Acero Blanco" were created once, shared by both paths.
    expect(await database.db.select().from(categories).where(eq(categories.name, "Acero"))).toHaveLength(1);
    const tarjeta = await productBySlug("tarjeta-regalo");
    expect(tarjeta).toMatchObject({ price: null, status: "draft" });
    const mate = await productBySlug("mate-imperial");
    expect(mate.description!.length).toBeLessThanOrEqual(250);
    expect(mate.description!.endsWith("…")).toBe(true);
    expect(mate.meta.description_html).toContain("toda la vida.");
    expect(status.report!.warnings.map((w) => w.message)).toEqual(
      expect.arrayContaining([
        "Fila 11: «Tarjeta de Regalo» no tiene precio; se importa como borrador.",
        expect.stringContaining("Fila 12: la descripción corta tiene 335 caracteres; se corta en 250"),
      ]),
    );
  });

  it("imported again, matches every product and category and changes nothing", async () => {
    const before = await database.db.select({ id: categories.id }).from(categories);
    const { preview, status } = await importFile("tiendanube-productos.csv");
    expect(preview).toMatchObject({ create: 0, update: 6, categoriesNew: [] });
    expect(status.report).toMatchObject({ created: 0, updated: 0, unchanged: 6, categoriesCreated: 0 });
    expect(await database.db.select({ id: categories.id }).from(categories)).toHaveLength(before.length);
  });
});

describe("a Shopify product export (the published template)", () => {
  it("imports each handle as a product with its options, compare-at price as the regular price and every image", async () => {
    const { preview, status } = await importFile("shopify-product_template.csv");
    expect(preview.profileName).toBe("Shopify");
    expect(status.status).toBe("done");
    const shirt = await productBySlug("example-shirt");
    expect(shirt).toMatchObject({ name: "Example T-Shirt", price: "25.00", status: "published", brand: "Acme" });
    expect(shirt.meta.description_html).toContain("<p>This t-shirt is as simple as it gets.");
    expect(shirt.imageUrl).toBe("https://burst.shopifycdn.com/photos/tshirts.jpg?width=1500");
    expect(shirt.meta.gallery_images).toHaveLength(5);
    const shirtVariants = await variantsOf(shirt.id);
    expect(shirtVariants).toHaveLength(12);
    expect(shirtVariants[0]).toMatchObject({
      options: [
        { group: "Color", option: "Green" },
        { group: "Size", option: "S" },
      ],
      sku: "SRT_COT_111",
      price: "25.00",
      salePrice: null,
    });
    // Jeans: the compare-at price (64.95) is lower than the price: no sale. Status draft.
    const jeans = await productBySlug("example-pants");
    expect(jeans).toMatchObject({ price: "95.00", salePrice: null, status: "draft", stock: 45 });
    expect((await variantsOf(jeans.id)).map((v) => [v.options[0]!.option, v.stock])).toEqual([
      ["28", 20],
      ["30", 15],
      ["40", 10],
    ]);
    expect(jeans.meta.gallery_images).toHaveLength(3);
    // Beanie: a single "Default Title" variant is the product itself; 22.99 struck through, 17.99 paid.
    const beanie = await productBySlug("example-hat");
    expect(beanie).toMatchObject({
      price: "22.99",
      salePrice: "17.99",
      stock: 50,
      sku: "HAT_GRY_275",
      status: "draft",
    });
    expect(await variantsOf(beanie.id)).toHaveLength(0);
    // Its barcode came through Excel as "1.22328E+11": not a GTIN, left out and said.
    expect(beanie.gtin).toBeNull();
    expect(status.report!.warnings.map((w) => w.message)).toContain(
      "Fila 18: el código de barras «1.22328E+11» quedó en notación científica (lo cambió Excel); se omite.",
    );
    expect(await categoryPathOf(beanie.categoryId)).toBe("Hat");
  });
});

describe("a WooCommerce export (WooCommerce's sample products)", () => {
  it("ties variations to their variable product, reads Published / hidden / In stock? and the Images list", async () => {
    const { preview, status } = await importFile("woocommerce-sample_products.csv");
    expect(preview.profileName).toBe("WooCommerce");
    expect(status.status).toBe("done");
    expect(status.report!.created).toBe(18);
    const vneck = await productBySlug("woo-vneck-tee");
    expect(vneck).toMatchObject({ name: "V-Neck T-Shirt", price: "15.00", status: "published", sku: null });
    expect(await categoryPathOf(vneck.categoryId)).toBe("Clothing > Tshirts");
    expect(vneck.imageUrl).toBe(
      "https://woocommercecore.mystagingwebsite.com/wp-content/uploads/2017/12/vneck-tee-2.jpg",
    );
    expect(vneck.meta.gallery_images).toEqual([
      "https://woocommercecore.mystagingwebsite.com/wp-content/uploads/2017/12/vnech-tee-green-1.jpg",
      "https://woocommercecore.mystagingwebsite.com/wp-content/uploads/2017/12/vnech-tee-blue-1.jpg",
    ]);
    expect((await variantsOf(vneck.id)).map((v) => [v.options, v.sku, v.price, v.stock])).toEqual([
      [[{ group: "Color", option: "Red" }], "woo-vneck-tee-red", "20.00", 10],
      [[{ group: "Color", option: "Green" }], "woo-vneck-tee-green", "20.00", 10],
      [[{ group: "Color", option: "Blue" }], "woo-vneck-tee-blue", "15.00", 10],
    ]);
    const hoodie = await productBySlug("woo-hoodie");
    // The variant table holds every combination (ADR 0010): the ones the file lacks have no stock.
    expect(
      (await variantsOf(hoodie.id)).map((v) => [
        v.options.map((o) => o.option).join("/"),
        v.price,
        v.salePrice,
        v.stock,
      ]),
    ).toEqual([
      ["Red/No", "45.00", "42.00", 10],
      ["Red/Yes", null, null, 0],
      ["Green/No", "45.00", null, 10],
      ["Green/Yes", null, null, 0],
      ["Blue/No", "45.00", null, 10],
      ["Blue/Yes", "45.00", null, 10],
    ]);
    // No variation became a product of its own, no parent was published at $ 0.
    expect(await database.db.select().from(products).where(eq(products.name, "V-Neck T-Shirt - Red"))).toHaveLength(0);
    expect((await productBySlug("woo-hoodie-with-pocket")).status).toBe("draft"); // hidden in catalogue
    expect(await productBySlug("wp-pennant")).toMatchObject({ price: "11.05", status: "published" });
    expect(await productBySlug("woo-belt")).toMatchObject({ price: "65.00", salePrice: "55.00" });
    expect(await productBySlug("logo-collection")).toMatchObject({ price: null, status: "draft" });
    // Every remote image is queued for download (the import did not wait for them).
    const queued = await database.db
      .select()
      .from(productImportImages)
      .where(eq(productImportImages.importId, status.id));
    expect(
      queued
        .filter((q) => q.productId === vneck.id)
        .map((q) => q.sourceUrl)
        .sort(),
    ).toHaveLength(3);
    expect(queued.every((q) => q.status === "pending")).toBe(true);
    await database.db.delete(productImportImages).where(eq(productImportImages.importId, status.id));
  });
});

describe("images come home", () => {
  let server: Server;
  let base: string;
  let root: string;
  let store: FileStorage;
  const requests: string[] = [];
  beforeAll(async () => {
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();
    server = createServer((req, res) => {
      requests.push(req.url ?? "");
      if (req.url === "/foto.png" || req.url === "/solo-http.png") {
        res.writeHead(200, { "content-type": "image/png" });
        res.end(png);
      } else if (req.url === "/redirige.png") {
        // Sends the store on to another address on this machine, which no file named as allowed.
        res.writeHead(302, { location: `http://127.0.0.2:${(server.address() as AddressInfo).port}/foto.png` });
        res.end();
      } else if (req.url === "/dibujo.svg") {
        res.writeHead(200, { "content-type": "image/svg+xml" });
        res.end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      } else {
        res.writeHead(404);
        res.end("no está");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    // This test's image server is on this machine: named as an allowed internal host.
    process.env.IMPORT_IMAGE_HOSTS = "127.0.0.1";
    resetEnv();
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    root = mkdtempSync(path.join(tmpdir(), "vitec-images-"));
    store = localDiskStorage(root);
  });
  afterAll(async () => {
    delete process.env.IMPORT_IMAGE_HOSTS;
    resetEnv();
    await new Promise((resolve) => server.close(resolve));
    rmSync(root, { recursive: true, force: true });
  });

  it("downloads each image into the store's storage as WebP + JPEG and lists the failures per product", async () => {
    const csv = [
      "Handle,Title,Body (HTML),Variant Price,Image Src,Image Position",
      `camara,Cámara,<p>Cámara</p>,1500.50,${base}/foto.png,1`,
      `camara,,,,${base}/no-existe.png,2`,
      `camara,,,,${base}/dibujo.svg,3`,
      `parlante,Parlante,<p>Parlante</p>,999.99,${base}/solo-http.png,1`,
    ].join("\n");
    const { status } = await importFile("mis-productos.csv", new TextEncoder().encode(csv));
    expect(status.images.pending).toBe(4);
    await downloadAllPendingImages(database.db, store);

    const camara = await productBySlug("camara");
    expect(camara.imageUrl).toMatch(/^\/uploads\/product-images\/imported\/[a-z0-9-]+\.webp$/);
    const key = camara.imageUrl!.replace("/uploads/", "");
    const webp = await store.read(key);
    expect(webp?.contentType).toBe("image/webp");
    expect((await sharp(webp!.bytes).metadata()).width).toBe(1600);
    const jpeg = await store.read(feedImageUrl(camara.imageUrl)!.replace("/uploads/", ""));
    expect(jpeg?.contentType).toBe("image/jpeg");
    // The ones that failed keep their address, listed in the report with the reason.
    expect(camara.meta.gallery_images).toEqual([`${base}/no-existe.png`, `${base}/dibujo.svg`]);
    const failures = await listImageFailures(status.id);
    expect(failures.map((f) => [f.productName, f.sourceUrl, f.error])).toEqual([
      ["Cámara", `${base}/dibujo.svg`, "el archivo no es una imagen que se pueda convertir"],
      ["Cámara", `${base}/no-existe.png`, "el servidor respondió 404"],
    ]);
    // http:// was tried as https:// first (refused by this plain server), then downloaded over http.
    const parlante = await productBySlug("parlante");
    expect(parlante.imageUrl).toMatch(/\.webp$/);
    expect(await getImportStatus(status.id)).toMatchObject({ images: { pending: 0, done: 2, failed: 2 } });
    // Run again: nothing left to do, nothing downloaded twice.
    const before = requests.length;
    expect(await downloadAllPendingImages(database.db, store)).toBe(0);
    expect(requests.length).toBe(before);
  });

  it("never makes the store fetch an internal address a file names: metadata service, private network, a redirect to one", async () => {
    const csv = [
      "Handle,Title,Body (HTML),Variant Price,Image Src,Image Position",
      "sonda,Sonda,<p>Sonda</p>,100.00,http://169.254.169.254/latest/meta-data/iam.png,1",
      "sonda,,,,http://10.0.0.5/foto.png,2",
      `sonda,,,,${base}/redirige.png,3`,
    ].join("\n");
    const { status } = await importFile("sonda.csv", new TextEncoder().encode(csv));
    const before = requests.length;
    await downloadAllPendingImages(database.db, store);
    const failures = await listImageFailures(status.id);
    expect(failures.map((f) => [f.sourceUrl, f.error]).sort()).toEqual(
      [
        ["http://10.0.0.5/foto.png", "la dirección apunta a una red interna: no se descarga"],
        ["http://169.254.169.254/latest/meta-data/iam.png", "la dirección apunta a una red interna: no se descarga"],
        [`${base}/redirige.png`, "la dirección apunta a una red interna: no se descarga"],
      ].sort(),
    );
    // Only the allowed host was asked (for the redirect), never the address it pointed to.
    expect(requests.slice(before).every((url) => url === "/redirige.png")).toBe(true);
    expect(isInternalAddress("::ffff:127.0.0.1")).toBe(true);
    expect(isInternalAddress("fd00::1")).toBe(true);
    expect(isInternalAddress("200.45.12.3")).toBe(false);
  });
});

describe("a file the profiles do not know", () => {
  it("keeps the header mapping, reads an Argentine 'Precio de venta' and refuses a price column it cannot read", async () => {
    const csv = [
      "Nombre;Precio de venta;Stock;Categorías",
      "Mouse;1.234,50;3;Periféricos > Mouses",
      "Teclado;899,99;2;Periféricos",
    ].join("\n");
    const { preview, status } = await importFile("planilla.csv", new TextEncoder().encode(csv));
    expect(preview.profile).toBeNull();
    expect(preview.columns[0]).toMatchObject({ column: "Precio de venta", decimal: "," });
    expect(status.status).toBe("done");
    const [mouse] = await database.db.select().from(products).where(eq(products.name, "Mouse"));
    expect(mouse).toMatchObject({ price: "1234.50", stock: 3 });
    expect(await categoryPathOf(mouse!.categoryId)).toBe("Periféricos > Mouses");

    const mixed = ["Nombre;Precio", "A;69.99", "B;1.234,50", "C;100"].join("\n");
    const file = fileOf("mixta.csv", new TextEncoder().encode(mixed));
    const plan = planImport(file, autoMatchColumns(file.headers));
    expect(plan.errors.map((e) => e.row)).toEqual([2, 3]);
    expect(plan.errors[0]!.message).toContain(
      "la columna mezcla decimales con punto («69.99») y con coma («1.234,50»)",
    );
    expect(plan.products.map((p) => [p.product.name, p.product.price])).toEqual([["C", 100]]);
  });
});
