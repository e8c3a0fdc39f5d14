import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/models/user.server";
import { action as productsAction } from "~/routes/admin/products";
import { loader as uploadsLoader } from "~/routes/resources/uploads";
import { getAuth } from "~/utils/auth.server";
import type { FileStorage } from "~/services/file-storage";
import { MAX_IMAGE_BYTES, localDiskStorage, setStorage } from "~/services/storage.server";
import { setupTestDatabase } from "../setup/db";
import { args, cookieFrom, formRequest, outcome } from "../setup/routes";

// Product image uploads through the admin's real action: the type is told by the content, never
// by the name or the declared type; SVG (which can carry script) and anything not a PNG, JPEG,
// WebP or GIF is refused, as is a file over 5 MB. What is stored is served with its image type,
// nosniff and a sandboxing CSP.

setupTestDatabase();

// Uploads go to a folder of this test (the environment is read once, at the first request).
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "vitec-uploads-"));
const stored: string[] = [];
const storage: FileStorage = {
  async put(key, bytes, contentType) {
    stored.push(key);
    return localDiskStorage().put(key, bytes, contentType);
  },
  read: (key) => localDiskStorage().read(key),
  publicUrl: () => null,
};
const serve = (key: string) =>
  uploadsLoader({
    params: { "*": key },
    request: new Request(`http://localhost/uploads/${key}`),
    context: {},
  } as never) as Promise<Response>;
let admin: string;

beforeAll(async () => {
  setStorage(storage);
  await createUser({ email: "fotos@vitec.example", password: "clave-de-fotos", fullName: "Fotos", role: "admin" });
  admin = cookieFrom(
    (
      await getAuth().api.signInEmail({
        body: { email: "fotos@vitec.example", password: "clave-de-fotos" },
        asResponse: true,
      })
    ).headers,
  );
});
afterAll(() => setStorage(undefined));

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const text = (s: string) => new TextEncoder().encode(s);

async function upload(bytes: Uint8Array<ArrayBuffer>, name: string, type: string) {
  const form = new FormData();
  form.set("intent", "upload-image");
  form.set("file", new File([bytes], name, { type }));
  const result = await outcome(() =>
    productsAction(args(formRequest("/admin/productos", form, { cookie: admin })) as never),
  );
  return {
    status: result.status,
    body: result.body as { ok: boolean; url?: string; toast?: { description?: string } },
  };
}

describe("image uploads", () => {
  it("stores a real PNG and serves it as an image that cannot run anything", async () => {
    const result = await upload(PNG, "foto.png", "image/png");
    expect(result.status).toBe(200);
    expect(result.body.url).toMatch(/^\/uploads\/product-images\/\d+-[0-9a-f]{10}\.png$/);
    const served = await serve(result.body.url!.replace("/uploads/", ""));
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  const refused: [string, Uint8Array<ArrayBuffer>, string, string][] = [
    [
      "an SVG with a script",
      text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "logo.svg",
      "image/svg+xml",
    ],
    [
      "an SVG named .png and declared image/png",
      text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      "logo.png",
      "image/png",
    ],
    [
      "an HTML page named .jpg",
      text("<!doctype html><script>alert(document.cookie)</script>"),
      "foto.jpg",
      "image/jpeg",
    ],
    ["a PDF named .png", text("%PDF-1.7\n1 0 obj"), "foto.png", "image/png"],
    ["a JavaScript file declared as an image", text("alert(1)"), "foto.gif", "image/gif"],
    ["an empty file", new Uint8Array(0), "vacia.png", "image/png"],
  ];
  for (const [name, bytes, file, type] of refused) {
    it(`refuses ${name}, storing nothing`, async () => {
      const before = stored.length;
      const result = await upload(bytes, file, type);
      expect(result.status).toBe(400);
      expect(result.body.ok).toBe(false);
      expect(stored.length).toBe(before);
    });
  }

  it("refuses a file over 5 MB, even a real PNG", async () => {
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(PNG);
    const before = stored.length;
    const result = await upload(big, "enorme.png", "image/png");
    expect([400, 413]).toContain(result.status);
    expect(result.body.toast?.description).toBe("La imagen supera los 5 MB.");
    expect(stored.length).toBe(before);
  });

  it("never serves a file outside the uploads folder, nor one that is not an image", async () => {
    for (const key of [
      "../../etc/passwd",
      "..%2F..%2Fetc%2Fpasswd",
      "product-images/../../secret.png",
      "x.svg",
      "x.html",
      "/etc/passwd",
    ]) {
      expect((await serve(key)).status, key).toBe(404);
    }
  });

  it("refuses uploads from customers and visitors", async () => {
    const form = new FormData();
    form.set("intent", "upload-image");
    form.set("file", new File([PNG], "foto.png", { type: "image/png" }));
    const anonymous = await outcome(() => productsAction(args(formRequest("/admin/productos", form)) as never));
    expect(anonymous.location).toMatch(/^\/admin\/login/);
  });
});
