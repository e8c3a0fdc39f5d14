// The baseline of `npm run bench`: a minimal plain-Node HTTP server (node:http, no framework, no
// cache) that runs the same queries as the store's /store and /product/:id loaders, through the
// same model functions, and renders the same page with template strings: the same header, cards,
// product details and footer markup and classes, plus the loader data as JSON for hydration, as
// the real page carries. Public framework benchmarks compare SSR frameworks with such a server.
import { openDatabase, configFromEnv, setDatabase } from "../app/db/client.server";
import { parseCatalogQuery, pageCount } from "../app/domain/catalog-query";
import { formatARS } from "../app/domain/money";
import { basePrice } from "../app/domain/pricing";
import { listCatalogProducts, listCategories } from "../app/models/catalog.server";
import { type ProductCardData, getPublishedProduct, listRelatedProducts } from "../app/models/product.server";
import { listApprovedReviews } from "../app/models/review.server";
import { getSettings } from "../app/models/settings.server";
import { getEnv } from "../app/utils/env.server";
import { servePages } from "./lib/page-server";

const env = getEnv();
const handle = await openDatabase(configFromEnv(env));
setDatabase(handle);

const esc = (value: unknown) =>
  String(value ?? "").replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

function card(p: ProductCardData, whatsapp: string): string {
  const price = basePrice({ price: p.price, sale_price: p.salePrice });
  const onSale = p.salePrice !== null && Number(p.salePrice) > 0 && Number(p.salePrice) < Number(p.price);
  return `<li><article class="group relative flex h-full flex-col rounded-lg border border-slate-200 bg-white p-3 shadow-sm transition hover:shadow-md">
<button type="button" aria-label="Agregar ${esc(p.name)} a favoritos" class="absolute right-4 top-4 z-10 rounded-full bg-white/90 p-2 shadow"><svg width="20" height="20" aria-hidden="true"><use href="#heart"/></svg></button>
<img src="${esc(p.imageUrl ?? "/images/placeholder.svg")}" alt="" width="400" height="400" loading="lazy" decoding="async" class="aspect-square w-full rounded-md bg-slate-50 object-contain"/>
<h2 class="mt-3 line-clamp-2 text-sm font-semibold text-slate-900"><a href="/product/${p.id}" class="after:absolute after:inset-0 after:content-['']">${esc(p.name)}</a></h2>
${p.description ? `<p class="mt-1 line-clamp-2 text-xs text-slate-600">${esc(p.description)}</p>` : ""}
<p class="mt-2 flex flex-wrap items-baseline gap-x-2"><span class="text-lg font-bold text-slate-900">${formatARS(price)}</span>${onSale ? `<s class="text-sm text-slate-500"><span class="sr-only">Antes </span>${formatARS(p.price)}</s>` : ""}</p>
<p class="text-xs text-slate-500">Precio sin impuestos nacionales: ${formatARS(price / (1 + p.ivaRate / 100))}</p>
<div class="relative z-10 mt-auto flex flex-col gap-2 pt-3 sm:flex-row"><button type="button" ${p.inStock ? "" : "disabled"} class="flex-1 rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700">${p.inStock ? "Agregar" : "Sin stock"}</button>
<a href="https://wa.me/${esc(whatsapp)}?text=${encodeURIComponent(`Hola, quiero consultar por ${p.name}`)}" target="_blank" rel="noopener noreferrer" class="rounded-md border border-green-600 px-3 py-2 text-center text-sm font-semibold text-green-700 hover:bg-green-50">Consultar</a></div>
</article></li>`;
}

function page(
  title: string,
  store: { name: string; phone: string; email: string; address: string },
  main: string,
  data: unknown,
): string {
  return `<!DOCTYPE html><html lang="es-AR"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>
<title>${esc(title)}</title><meta name="description" content="${esc(title)}"/><link rel="stylesheet" href="/assets/root.css"/><link rel="modulepreload" href="/assets/entry.client.js"/></head>
<body class="min-h-screen"><div class="flex min-h-screen flex-col"><a href="#contenido" class="sr-only">Saltar al contenido</a>
<header class="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur"><div class="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3"><a href="/" class="text-2xl font-black text-brand-700">${esc(store.name)}</a>
<form action="/search" class="flex-1"><label class="sr-only" for="q">Buscar</label><input id="q" name="q" type="search" placeholder="Buscar productos..." class="w-full rounded-md border border-slate-300 px-3 py-2"/></form>
<nav aria-label="Principal" class="hidden gap-4 md:flex"><a href="/store">Tienda</a><a href="/empresas">Empresas</a><a href="/soluciones-inteligentes">Soluciones</a><a href="/contacto">Contacto</a><a href="/login">Ingresar</a></nav></div></header>
<main id="contenido" tabindex="-1" class="flex-1 outline-none">${main}</main>
<footer class="bg-slate-900 text-slate-300"><div class="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-4"><div><p class="font-bold text-white">${esc(store.name)}</p><p>${esc(store.address)}</p><p>${esc(store.phone)}</p><p>${esc(store.email)}</p></div>
<ul><li><a href="/quienes-somos">Quiénes somos</a></li><li><a href="/terminos-y-condiciones">Términos y condiciones</a></li><li><a href="/politica-de-privacidad">Privacidad</a></li><li><a href="/arrepentimiento">Botón de arrepentimiento</a></li></ul></div></footer></div>
<script>window.__DATA=${JSON.stringify(data).replace(/</g, "\\u003c")}</script><script type="module" src="/assets/entry.client.js"></script></body></html>`;
}

async function storePage(url: URL): Promise<string> {
  const [categories, { store }] = await Promise.all([listCategories(), getSettings(["store"])]);
  const known = new Set(categories.map((c) => c.id));
  const query = parseCatalogQuery(url.searchParams, (id) => known.has(id));
  const { items, total } = await listCatalogProducts(query);
  const top = categories.filter((c) => c.parentId === null);
  const pages = pageCount(total);
  const main = `<div class="mx-auto max-w-6xl px-4 py-6"><h1 class="text-2xl font-bold">Tienda</h1><p class="text-sm text-slate-600">${total} productos</p>
<div class="mt-6 grid gap-8 md:grid-cols-[220px_1fr]"><aside class="hidden md:block" aria-label="Filtros"><form method="get" action="/store"><fieldset><legend class="text-sm font-bold">Categoría</legend><ul class="mt-2 space-y-1 text-sm">
${top.map((c) => `<li><label class="flex items-center gap-2"><input type="radio" name="category" value="${esc(c.id)}"${query.category === c.id ? " checked" : ""}/>${esc(c.name)}</label></li>`).join("")}</ul></fieldset></form></aside>
<section aria-label="Productos"><ul class="grid grid-cols-2 gap-4 lg:grid-cols-3">${items.map((p) => card(p, store.whatsapp)).join("")}</ul>
<nav aria-label="Paginación" class="mt-8 flex justify-center gap-1">${Array.from({ length: Math.min(pages, 5) }, (_, i) => `<a href="/store?page=${i + 1}" class="rounded-md border px-3 py-1.5 text-sm">${i + 1}</a>`).join("")}</nav></section></div></div>`;
  return page("Tienda | Vitec", store, main, { query, items, total, topCategories: top, store });
}

async function productPage(id: string): Promise<string | null> {
  const product = await getPublishedProduct(id);
  if (!product) return null;
  const [related, { store, payment_methods }, reviews] = await Promise.all([
    listRelatedProducts(product.id),
    getSettings(["store", "payment_methods"]),
    listApprovedReviews(product.id),
  ]);
  const price = basePrice({ price: product.price, sale_price: product.salePrice });
  const main = `<div class="mx-auto max-w-6xl px-4 py-6"><nav aria-label="Ruta" class="text-sm text-slate-600"><a href="/">Inicio</a> / <a href="/store">Tienda</a> / ${esc(product.categoryName)}</nav>
<div class="mt-4 grid gap-8 md:grid-cols-2"><img src="${esc(product.imageUrl)}" alt="${esc(product.name)}" width="600" height="600" class="aspect-square w-full rounded-lg bg-slate-50 object-contain"/>
<div><h1 class="text-2xl font-bold text-slate-900">${esc(product.name)}</h1><p class="mt-1 text-sm text-slate-500">SKU: ${esc(product.sku)}</p>
<p class="mt-4 text-3xl font-bold text-slate-900">${formatARS(price)}</p><p class="text-xs text-slate-500">Precio sin impuestos nacionales: ${formatARS(price / (1 + product.ivaRate / 100))}</p>
${(product.meta.financing_plans ?? []).map((f) => `<p class="text-sm text-slate-700">${esc(f.name)}</p>`).join("")}
<p class="mt-2 text-sm text-slate-700">Stock disponible: ${product.stock} unidades</p>
<div class="mt-4 flex gap-2"><button type="button" class="flex-1 rounded-md bg-brand-600 px-4 py-3 font-semibold text-white">Agregar al carrito</button></div>
<p class="mt-6 text-slate-700">${esc(product.description)}</p>
<form class="mt-6"><label for="cp" class="text-sm font-semibold">Calculá el envío</label><input id="cp" name="cp" class="rounded-md border px-3 py-2"/><button class="rounded-md border px-3 py-2">Calcular</button></form>
<ul class="mt-6">${payment_methods.map((m) => `<li>${esc(m.name)}${m.discountPercent ? ` (${m.discountPercent} % off)` : ""}</li>`).join("")}</ul></div></div>
${reviews.length ? `<section><h2>Opiniones</h2>${reviews.map((r) => `<blockquote>${esc(r.text)} — ${esc(r.author)}</blockquote>`).join("")}</section>` : ""}
${related.length ? `<section aria-labelledby="rel" class="mt-12"><h2 id="rel" class="text-xl font-bold">Productos relacionados</h2><ul class="grid grid-cols-2 gap-4 md:grid-cols-4">${related.map((p) => card(p, store.whatsapp)).join("")}</ul></section>` : ""}</div>`;
  return page(`${product.name} | Vitec`, store, main, { product, related, reviews, store, payment_methods });
}

servePages("baseline", env, handle, { store: storePage, product: (id) => productPage(id) });
