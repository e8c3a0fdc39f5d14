import { type ReactNode, useState } from "react";
import { aggregateRating } from "~/domain/review";
import { Stars } from "./stars";
import type { ProductDetailData } from "./use-product-selection";

/** Detalles, Galería, Opiniones and Videos, each shown only when the product has something for it. */
export function ProductTabs({
  product,
  reviewArea,
  initialTab,
}: {
  product: ProductDetailData;
  reviewArea?: ReactNode;
  initialTab?: string;
}) {
  const tabs = [
    product.descriptionHtml || product.extraInfo.length ? "Detalles" : null,
    product.gallery.length ? "Galería" : null,
    product.reviews.length || reviewArea ? "Opiniones" : null,
    product.videos.length ? "Videos" : null,
  ].filter((t): t is string => t !== null);
  const [tab, setTab] = useState(initialTab && tabs.includes(initialTab) ? initialTab : (tabs[0] ?? ""));
  const rating = aggregateRating(product.reviews.map((r) => r.rating));
  return (
    <>
      {tabs.length > 0 ? (
        <section className="mt-12">
          <div
            role="tablist"
            aria-label="Información del producto"
            className="flex gap-1 overflow-x-auto border-b border-slate-200"
          >
            {tabs.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={`tab-${name}`}
                aria-selected={tab === name}
                aria-controls={`panel-${name}`}
                onClick={() => setTab(name)}
                className={`whitespace-nowrap border-b-2 px-4 py-2 text-sm font-semibold ${tab === name ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
              >
                {name}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="py-6">
            {tab === "Detalles" ? (
              <div className="space-y-6">
                {product.descriptionHtml ? (
                  <div className="rich-text" dangerouslySetInnerHTML={{ __html: product.descriptionHtml }} />
                ) : null}
                {product.extraInfo.map((e) => (
                  <div key={e.label}>
                    <h2 className="text-lg font-bold">{e.label}</h2>
                    <div className="rich-text mt-2" dangerouslySetInnerHTML={{ __html: e.html }} />
                  </div>
                ))}
              </div>
            ) : null}
            {tab === "Galería" ? (
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {product.gallery.map((src, i) => (
                  <li key={src}>
                    <img
                      src={src}
                      alt={`${product.name}, imagen ${i + 1}`}
                      width={400}
                      height={400}
                      loading="lazy"
                      className="aspect-square w-full rounded-lg object-cover"
                    />
                  </li>
                ))}
              </ul>
            ) : null}
            {tab === "Opiniones" ? (
              <div className="space-y-6">
                {rating ? (
                  <p className="text-sm text-slate-700" data-testid="rating-summary">
                    <Stars rating={Number(rating.ratingValue)} />{" "}
                    <span className="font-semibold">{rating.ratingValue.replace(".", ",")} de 5</span> (
                    {rating.reviewCount === 1 ? "1 opinión" : `${rating.reviewCount} opiniones`})
                  </p>
                ) : null}
                {product.reviews.length ? (
                  <ul className="space-y-4">
                    {product.reviews.map((r, i) => (
                      <li key={i} className="rounded-lg border border-slate-200 p-4">
                        <Stars rating={r.rating} />
                        {/* Buyers' text: rendered as text, never as HTML. */}
                        <p className="mt-2 whitespace-pre-line break-words text-slate-800">{r.text}</p>
                        <p className="mt-1 text-sm font-semibold text-slate-600">{r.author}</p>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-slate-600">Todavía no hay opiniones de este producto.</p>
                )}
                {reviewArea}
              </div>
            ) : null}
            {tab === "Videos" ? (
              <div className="grid gap-4 md:grid-cols-2">
                {product.videos.map((src) => (
                  <iframe
                    key={src}
                    src={src}
                    title={`Video de ${product.name}`}
                    loading="lazy"
                    allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
                    allowFullScreen
                    className="aspect-video w-full rounded-lg"
                  />
                ))}
              </div>
            ) : null}
          </div>
        </section>
      ) : null}
    </>
  );
}
