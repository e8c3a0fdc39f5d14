import { ProductCard } from "~/components/product/product-card";
import type { ProductCardData } from "~/models/product.server";
import { RelatedCarousel } from "./related-carousel";

/** "Productos relacionados" at the bottom of the product page. */
export function RelatedProducts({ related }: { related: ProductCardData[] }) {
  return (
    <section className="mt-12" aria-labelledby="relacionados">
      <h2 id="relacionados" className="text-xl font-bold">
        Productos relacionados
      </h2>
      <RelatedCarousel>
        {related.map((p) => (
          <ProductCard key={p.id} product={p} />
        ))}
      </RelatedCarousel>
    </section>
  );
}
