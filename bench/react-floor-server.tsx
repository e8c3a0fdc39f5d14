// The React floor of `npm run bench`: React 19's renderToString of the store's own route components
// (the built root, store layout, /store and product routes of bench/.work/build, so the same code
// the production server renders), with the loader data their own loaders return (the same model
// functions), on a plain node:http server. No React Router request handler, no route matching of
// the request, no data encoding (turbo-stream), no route manifest nor <Scripts>: the components get
// their hooks' contexts from a static router built once per request from the loaders' results, and
// the loader data goes into the page as JSON, as the plain-Node baseline writes it. This is what
// React itself costs for the page: the ceiling for the production server's uncached render.
import path from "node:path";
import { renderToString } from "react-dom/server";
import {
  type DataRouteObject,
  type ServerBuild,
  type StaticHandlerContext,
  StaticRouterProvider,
  createStaticRouter,
} from "react-router";
import { configFromEnv, openDatabase, setDatabase } from "../app/db/client.server";
import { getEnv } from "../app/utils/env.server";
import { servePages } from "./lib/page-server";

const env = getEnv();
const handle = await openDatabase(configFromEnv(env));
setDatabase(handle);

// The server runs in bench/.work (bench/run.ts): the build is bench/.work/build.
const build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
const moduleOf = (id: string) => {
  const route = build.routes[id];
  if (!route) throw new Error(`route ${id} is not in the build`);
  return route.module;
};
const root = moduleOf("root");
const layout = moduleOf("routes/store/layout");
const pages = { "/store": moduleOf("routes/store/catalog"), "/product/:id": moduleOf("routes/store/product") };
const stylesheet = build.assets.routes.root?.css?.[0] ?? "";

/** A loader's value: `data(...)` results carry it in `.data`. */
const unwrap = (value: unknown): unknown =>
  value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit"
    ? (value as { data: unknown }).data
    : value;

const esc = (value: string) => value.replace(/</g, "\\u003c");

async function render(url: URL, pattern: keyof typeof pages, params: Record<string, string>): Promise<string | null> {
  const page = pages[pattern];
  const request = new Request(url);
  const args = { request, params, context: {} } as never;
  let pageData: unknown;
  let rootData: unknown;
  try {
    [rootData, pageData] = await Promise.all([root.loader!(args), page.loader!(args)]);
  } catch (error) {
    if (error && typeof error === "object" && (error as { type?: string }).type === "DataWithResponseInit") return null;
    throw error;
  }
  const loaderData = { root: unwrap(rootData), "routes/store/layout": null, page: unwrap(pageData) };
  const routes: DataRouteObject[] = [
    {
      id: "root",
      path: "/",
      Component: root.default as never,
      children: [
        {
          id: "routes/store/layout",
          Component: layout.default as never,
          children: [{ id: "page", path: pattern.slice(1), Component: page.default as never }],
        },
      ],
    },
  ];
  const [rootRoute] = routes;
  const layoutRoute = rootRoute!.children![0]!;
  const pageRoute = layoutRoute.children![0]!;
  const context: StaticHandlerContext = {
    basename: "/",
    location: { pathname: url.pathname, search: url.search, hash: "", state: null, key: "default" },
    matches: [
      { params, pathname: "/", pathnameBase: "/", route: rootRoute! },
      { params, pathname: "/", pathnameBase: "/", route: layoutRoute },
      { params, pathname: url.pathname, pathnameBase: url.pathname, route: pageRoute },
    ],
    loaderData,
    actionData: null,
    errors: null,
    statusCode: 200,
    loaderHeaders: {},
    actionHeaders: {},
  };
  const router = createStaticRouter(routes, context);
  const data = loaderData.page as { product?: { name: string; metaDescription: string } };
  const title = data.product ? `${data.product.name} | Vitec` : "Tienda | Vitec";
  const html = renderToString(
    <html lang="es-AR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={data.product?.metaDescription ?? title} />
        {stylesheet ? <link rel="stylesheet" href={stylesheet} /> : null}
      </head>
      <body className="min-h-screen">
        <StaticRouterProvider router={router} context={context} hydrate={false} />
        <script dangerouslySetInnerHTML={{ __html: `window.__DATA=${esc(JSON.stringify(loaderData))}` }} />
        <script type="module" src="/assets/entry.client.js" />
      </body>
    </html>,
  );
  return `<!DOCTYPE html>${html}`;
}

servePages("React floor", env, handle, {
  store: (url) => render(url, "/store", {}) as Promise<string>,
  product: (id, url) => render(url, "/product/:id", { id }),
});
