// First-load JavaScript of each route, from the React Router manifest of a client build: the
// entry, then root, the store layout and the route's own module with everything they import
// statically (what the browser loads before the page is interactive), each file gzip-compressed;
// and the bytes the server actually sends a browser that accepts brotli (the build's .br copies,
// server/precompressed.ts).
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[]; css?: string[] };
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

/** Text that only admin code contains: the TipTap editor (ProseMirror), Papa Parse, the sales chart. */
export const ADMIN_MARKERS: Record<string, string> = {
  "TipTap / ProseMirror": "ProseMirror-",
  "Papa Parse": "UndetectableDelimiter",
  "sales chart": "Gráfico de ventas",
};

export function readManifest(clientDir: string): Manifest {
  const assets = path.join(clientDir, "assets");
  const file = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`no React Router manifest in ${assets}`);
  const text = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as Manifest;
}

/** The route and its parents, root first. */
function chain(manifest: Manifest, routeId: string): ManifestRoute[] {
  const routes: ManifestRoute[] = [];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route ${id} is not in the manifest`);
    routes.unshift(route);
  }
  return routes;
}

export function routeFiles(manifest: Manifest, routeId: string): string[] {
  const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (const route of chain(manifest, routeId)) {
    files.add(route.module);
    for (const f of route.imports ?? []) files.add(f);
  }
  return [...files];
}

export type FirstLoad = {
  route: string;
  files: number;
  gzipBytes: number;
  /** As served to a browser that accepts brotli: the build's .br copy of each file (quality 11). */
  brotliBytes: number;
  rawBytes: number;
  adminCode: string[];
};

export function firstLoadJs(clientDir: string, routeIds: string[]): FirstLoad[] {
  const manifest = readManifest(clientDir);
  const sizes = new Map<string, { raw: number; gzip: number; brotli: number; text: string }>();
  const measure = (file: string) => {
    let size = sizes.get(file);
    if (!size) {
      const bytes = readFileSync(path.join(clientDir, file));
      const copy = path.join(clientDir, `${file}.br`);
      const brotli = existsSync(copy)
        ? readFileSync(copy).length
        : brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
      size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length, brotli, text: bytes.toString("utf8") };
      sizes.set(file, size);
    }
    return size;
  };
  const adminModules = new Set(
    Object.values(manifest.routes)
      .filter((r) => r.id.startsWith("routes/admin/"))
      .map((r) => r.module),
  );
  return routeIds.map((routeId) => {
    const files = routeFiles(manifest, routeId);
    const measured = files.map(measure);
    const adminCode = [
      ...files.filter((f) => adminModules.has(f)).map((f) => `admin route module ${f}`),
      ...Object.entries(ADMIN_MARKERS)
        .filter(([, marker]) => measured.some((m) => m.text.includes(marker)))
        .map(([name]) => name),
    ];
    return {
      route: routeId,
      files: files.length,
      gzipBytes: measured.reduce((sum, m) => sum + m.gzip, 0),
      brotliBytes: measured.reduce((sum, m) => sum + m.brotli, 0),
      rawBytes: measured.reduce((sum, m) => sum + m.raw, 0),
      adminCode,
    };
  });
}
