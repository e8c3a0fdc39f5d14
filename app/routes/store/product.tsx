import { data, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/product";
import { ProductDetail } from "~/components/product/product-detail";
import { serverRenderedPart } from "~/components/deferred";
import { useReviewer } from "~/components/product/use-reviewer";
import { hasVariants } from "~/domain/variants";
import { aggregateRating } from "~/domain/review";
import { truncate } from "~/domain/text";
import { toEmbedUrl } from "~/domain/video";
import { getSettings } from "~/models/settings.server";
import { getPublishedProduct, listRelatedProducts } from "~/models/product.server";
import { listVariants } from "~/models/variants.server";
import { antesFlags } from "~/models/price-history.server";
import { getReviewer, listApprovedReviews } from "~/models/review.server";
import { getSessionUser, requireUser } from "~/utils/auth.server";
import { handleReview } from "./review-action.server";
import { htmlToText, sanitizeRichText } from "~/domain/rich-text";
import { LoadError, loadErrorMessage } from "~/components/load-error";
import { loadFailed } from "~/utils/load-error.server";
import { jsonLd, originFrom, seo } from "~/utils/seo";
import { baseUrl } from "~/utils/env.server";
import { productJsonLd } from "~/utils/product-json-ld.server";
import { readForm } from "~/utils/request.server";

const LOAD_FAILED = "no pudimos conectarnos con la tienda. Intentá de nuevo en unos minutos.";

export async function loader({ params, request }: Route.LoaderArgs) {
  const product = await getPublishedProduct(params.id).catch(loadFailed(LOAD_FAILED));
  // Missing and draft products are the same to a shopper: not found (HTTP 404).
  if (!product) throw data("Producto no encontrado", { status: 404 });
  const [related, { store, payment_methods, email_stock_alert, exchange_rate }, approvedReviews, reviewer, variantMap] =
    await Promise.all([
      listRelatedProducts(product.id),
      getSettings(["store", "payment_methods", "email_stock_alert", "exchange_rate"]),
      listApprovedReviews(product.id),
      getSessionUser(request).then((user) => getReviewer(user, product.id)),
      listVariants(hasVariants(product.meta.option_groups) ? [product.id] : []),
    ]).catch(loadFailed(LOAD_FAILED));
  // The struck "antes" price only where the history backs it (ADR 0019).
  const antes = (await antesFlags([product.id]).catch(loadFailed(LOAD_FAILED))).get(product.id);
  const meta = product.meta;
  // Buyers' approved reviews (newest first), then the ones written into the product by staff.
  const reviews = [
    ...approvedReviews.map((r) => ({ author: r.author, text: r.text, rating: r.rating })),
    ...(meta.reviews ?? [])
      .filter((r) => r && r.text)
      .map((r) => ({
        author: r.author || "Anónimo",
        text: r.text,
        rating: Math.min(5, Math.max(1, Math.round(r.rating || 5))),
      })),
  ];
  const best = payment_methods.reduce<{ name: string; percent: number } | null>(
    (top, m) => ((m.discountPercent ?? 0) > (top?.percent ?? 0) ? { name: m.name, percent: m.discountPercent! } : top),
    null,
  );
  const view = {
    id: product.id,
    name: product.name,
    description: product.description ?? "",
    price: product.price === null ? null : Number(product.price),
    salePrice: product.salePrice === null ? null : Number(product.salePrice),
    antes: antes?.product ?? false,
    usdRate: exchange_rate.showUsd && product.usdPrice !== null ? exchange_rate.rate : null,
    imageUrl: product.imageUrl,
    // Whether it can be bought; the units left are asked for by the page (api/products/:id/stock),
    // so that a sale that leaves some does not change the cached page (ADR 0005).
    inStock: product.stock > 0,
    // [23/25] "Avisame cuando haya stock" is offered while the alert e-mail is on.
    stockAlerts: email_stock_alert.enabled,
    ivaRate: product.ivaRate,
    sku: product.sku,
    brand: product.brand,
    gtin: product.gtin,
    mpn: product.mpn,
    // Each variant with its own price, image and SKU, and whether it has units (the counts
    // come from api/products/:id/stock, like the product's).
    variants: (variantMap.get(product.id) ?? []).map((v) => ({
      id: v.id,
      options: v.options,
      sku: v.sku,
      price: v.price === null ? null : Number(v.price),
      salePrice: v.salePrice === null ? null : Number(v.salePrice),
      antes: antes?.variants.get(v.id) ?? false,
      imageUrl: v.imageUrl,
      gtin: v.gtin,
      mpn: v.mpn,
      inStock: v.stock > 0,
    })),
    categoryName: product.categoryName,
    optionGroups: (meta.option_groups ?? []).filter((g) => g.title && g.options?.length),
    financingPlans: (meta.financing_plans ?? []).filter((p) => p.name),
    priceLegend: meta.price_legend ?? null,
    // Stored HTML is sanitized again on the way out: whatever wrote it, it renders inert.
    descriptionHtml: sanitizeRichText(meta.description_html),
    extraInfo: Object.entries(meta.extra_info ?? {})
      .map(([label, html]) => ({ label, html: sanitizeRichText(html) }))
      .filter((e) => e.label && e.html),
    gallery: (meta.gallery_images ?? []).filter((u) => typeof u === "string" && u),
    reviews,
    // What the JSON-LD aggregate rating says: every review shown, buyers' and staff's.
    rating: aggregateRating(reviews.map((r) => r.rating)),
    videos: (meta.videos ?? []).map((v) => toEmbedUrl(v)).filter((v): v is string => v !== null),
    metaDescription: truncate(product.description || htmlToText(meta.description_html) || product.name, 160),
  };
  return {
    whatsapp: store.whatsapp,
    paymentDiscount: best,
    related,
    reviewer,
    product: view,
    // Built here: its code stays on the server, out of the page's JavaScript.
    jsonLd: jsonLd(productJsonLd(view, baseUrl())),
  };
}

/** The review form of a customer who received the product (signing in first when needed). */
export async function action({ params, request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const product = await getPublishedProduct(params.id);
  if (!product) throw data("Producto no encontrado", { status: 404 });
  return handleReview(user, product.id, await readForm(request));
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches, location }) => {
  const origin = originFrom(matches);
  if (!loaderData) {
    return seo({
      title: "Producto no encontrado | Vitec",
      description: "El producto no existe.",
      path: location.pathname,
      origin,
      noindex: true,
    });
  }
  const { product } = loaderData;
  return seo({
    title: `${product.name} | Vitec`,
    description: product.metaDescription,
    path: `/product/${product.id}`,
    origin,
    image: product.imageUrl,
    type: "product",
  });
};

// In the Opiniones tab: in the page's HTML when open, its code loaded after the page's own.
const ReviewArea = serverRenderedPart(() => import("~/components/product/review-area").then((m) => m.ReviewArea));

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product } = loaderData;
  // The page is the same for everyone (cached): whether this visitor may review comes from the browser.
  const reviewer = useReviewer(product.id, loaderData.reviewer, actionData);
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: loaderData.jsonLd }} />
      <ProductDetail
        key={product.id}
        product={product}
        related={loaderData.related}
        whatsapp={loaderData.whatsapp}
        paymentDiscount={loaderData.paymentDiscount}
        // The Opiniones tab shows when there are reviews or the visitor may write one.
        reviewArea={
          product.reviews.length > 0 || reviewer.kind === "buyer" ? (
            <ReviewArea productId={product.id} reviewer={reviewer} />
          ) : null
        }
        // After sending a review (also without JavaScript), the page opens on its answer.
        initialTab={actionData ? "Opiniones" : undefined}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // Never the framework's English text nor a stack: the loader's Spanish reason, or a generic one.
  const message = loadErrorMessage(error, "Ocurrió un error inesperado.");
  return (
    <LoadError
      title={notFound ? "No encontrado" : "Falló la carga del producto"}
      message={
        notFound
          ? "El producto que buscás no existe o ya no está disponible."
          : `Error al cargar el producto: ${message}`
      }
      back={{ to: "/store", label: "Volver a la tienda" }}
    />
  );
}
