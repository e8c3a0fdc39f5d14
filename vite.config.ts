import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { type Plugin, type Rollup, defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

// The storefront shell: root and the store layout, with everything they import statically.
const SHELL_ROUTES = ["/app/root.tsx", "/app/routes/store/layout.tsx"];
// The most visited storefront pages: their small shared modules join the shell.
const STORE_PAGES = [
  "/app/routes/store/home.tsx",
  "/app/routes/store/catalog.tsx",
  "/app/routes/store/product.tsx",
  "/app/routes/store/search.tsx",
  "/app/routes/checkout/checkout.tsx",
];
const SMALL_MODULE = 2_000; // characters of transformed code
// React, React Router and the part of React DOM the components use; React DOM's client (the
// renderer) stays in the entry chunk, so the two large files download side by side.
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router|@react-router)\//;
const RENDERER = /\/node_modules\/react-dom\/(client\.js|cjs\/react-dom-client\.)/;
// lucide-react's index re-exports every icon: a module in a manual chunk takes all its static
// dependencies along, and through the index that is every icon used anywhere in the app.
const LUCIDE_INDEX = /\/node_modules\/lucide-react\/dist\/esm\/(lucide-react|icons\/index)\.mjs$/;
// cn() merges classes with tailwind-merge (9 KB gzip): what every page loads joins them with clsx.
const CLASS_MERGE = /\/app\/utils\/cn\.ts$/;
// Zod (15 KB gzip and more) validates on the server; the main pages' first load must not carry it.
const ZOD = /\/node_modules\/zod\//;

/**
 * Rollup makes one chunk per set of routes that share a module, which for the storefront meant
 * 40-50 files on a page's first load (each icon, each small helper its own file), each a round
 * trip on a slow connection. Instead: React, React Router and React DOM's shared part in
 * "framework"; root and the store layout in "shell", which takes along every module they import
 * statically (Rollup adds a manual chunk's dependencies to it); and the small app modules the main
 * storefront pages share (helpers, formatters), so they are not a file each. What only some
 * pages use, or what is loaded on demand (import()), stays where Rollup puts it.
 */
function storefrontChunks(): Rollup.GetManualChunk {
  let pages: Set<string> | undefined;
  let eachPage: Set<string>[] = [];
  return (id, { getModuleInfo, getModuleIds }) => {
    const path = id.split("?")[0]!;
    if (path.endsWith(".css")) return undefined;
    if (FRAMEWORK.test(path) && !path.includes("/entry.client")) return RENDERER.test(path) ? undefined : "framework";
    if (SHELL_ROUTES.some((route) => path.endsWith(route))) return "shell";
    if (!pages) {
      // The app modules the main pages and the shell import statically (node_modules reach no app module).
      pages = new Set();
      const shellModules = new Set<string>();
      const walk = (routes: string[], into: Set<string>) => {
        const stack = [...getModuleIds()].filter((m) => routes.some((route) => m.split("?")[0]!.endsWith(route)));
        while (stack.length) {
          const next = stack.pop()!;
          if (into.has(next) || next.includes("/node_modules/")) continue;
          into.add(next);
          stack.push(...(getModuleInfo(next)?.importedIds ?? []));
        }
      };
      walk(STORE_PAGES, pages);
      eachPage = STORE_PAGES.map((page) => {
        const reached = new Set<string>();
        walk([page], reached);
        return reached;
      });
      walk(SHELL_ROUTES, shellModules);
      const viaIndex = [...shellModules].filter((m) =>
        getModuleInfo(m)?.importedIds.some((dep) => LUCIDE_INDEX.test(dep)),
      );
      if (viaIndex.length) {
        throw new Error(
          `The storefront shell imports icons from "lucide-react", which would put every icon of the app in it: ` +
            `import them one by one ("lucide-react/icons/<name>") in ${viaIndex.join(", ")}`,
        );
      }
      const viaMerge = [...shellModules].filter((m) =>
        getModuleInfo(m)?.importedIds.some((dep) => CLASS_MERGE.test(dep)),
      );
      if (viaMerge.length) {
        throw new Error(
          `The storefront shell imports cn() from "~/utils/cn", which would put tailwind-merge (9 KB gzip) in ` +
            `every page: join classes with clsx in ${viaMerge.join(", ")}`,
        );
      }
      // The main pages' own static imports: what reaches Zod or tailwind-merge is in their first load.
      const importing = (dep: RegExp) =>
        [...pages!].filter((m) => getModuleInfo(m)?.importedIds.some((id) => dep.test(id)));
      const pageZod = importing(ZOD);
      if (pageZod.length) {
        throw new Error(
          `A main storefront page (${STORE_PAGES.join(", ")}) imports Zod statically, which puts it in the page's ` +
            `first load: move what the page needs (limits, names) to a module without Zod, or load it with import(), ` +
            `in ${pageZod.join(", ")}`,
        );
      }
      const pageMerge = importing(CLASS_MERGE);
      if (pageMerge.length) {
        throw new Error(
          `A main storefront page (${STORE_PAGES.join(", ")}) imports cn() from "~/utils/cn" statically, which puts ` +
            `tailwind-merge (9 KB gzip) in its first load: join classes with clsx (or take a merged class from the ` +
            `caller, as Field's baseClassName does) in ${pageMerge.join(", ")}`,
        );
      }
    }
    // A small module joins only if what it imports is small too (or the framework): a manual
    // chunk takes its module's dependencies along, so a small wrapper of a library (the
    // carousel) or of icons must not bring them into every page.
    const small = (module: string, seen = new Set<string>()): boolean => {
      if (seen.has(module)) return true;
      seen.add(module);
      if (FRAMEWORK.test(module)) return true;
      if (!pages!.has(module) || module.includes("?")) return false;
      const info = getModuleInfo(module);
      if (!info?.code || info.code.length >= SMALL_MODULE) return false;
      return info.importedIds.every((dep) => small(dep, seen));
    };
    if (eachPage.filter((page) => page.has(id)).length === STORE_PAGES.length && small(id)) return "shell";
    return undefined;
  };
}

/**
 * Writes a brotli copy (quality 11, too slow to make per request) next to each script and
 * stylesheet of the client build; server/precompressed.ts serves it to browsers that accept it.
 */
function brotliCopies(): Plugin {
  const compress = promisify(brotliCompress);
  return {
    name: "vitec:brotli-copies",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const files = Object.values(bundle).filter((file) => /\.(js|css)$/.test(file.fileName));
      await Promise.all(
        files.map(async (file) => {
          const source = file.type === "chunk" ? file.code : file.source;
          if (source.length < 1024) return;
          const compressed = await compress(typeof source === "string" ? Buffer.from(source) : source, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
          });
          await writeFile(path.join(options.dir!, `${file.fileName}.br`), compressed);
        }),
      );
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths(), isSsrBuild ? null : brotliCopies()],
  build: isSsrBuild ? {} : { rollupOptions: { output: { manualChunks: storefrontChunks() } } },
  ssr: {
    // Server-only packages stay external so the server bundle loads them from node_modules.
    external: ["@electric-sql/pglite", "pg", "better-auth"],
  },
}));
