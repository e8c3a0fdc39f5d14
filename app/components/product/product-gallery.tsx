import type { ProductSelection } from "./use-product-selection";

/** The product's main image and its thumbnails (the chosen variant's image comes first). */
export function ProductGallery({
  name,
  selection: { images, mainImage, setMainImage },
}: {
  name: string;
  selection: Pick<ProductSelection, "images" | "mainImage" | "setMainImage">;
}) {
  return (
    <div>
      <img
        src={mainImage}
        alt={name}
        width={800}
        height={800}
        fetchPriority="high"
        className="aspect-square w-full rounded-xl border border-slate-200 bg-slate-50 object-contain"
      />
      {images.length > 1 ? (
        <ul className="mt-3 flex gap-2 overflow-x-auto" aria-label="Imágenes del producto">
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                onClick={() => setMainImage(src)}
                aria-label={`Ver imagen ${i + 1}`}
                aria-pressed={src === mainImage}
                className={`block size-16 overflow-hidden rounded-md border-2 ${src === mainImage ? "border-brand-600" : "border-transparent"}`}
              >
                <img src={src} alt="" width={64} height={64} loading="lazy" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
