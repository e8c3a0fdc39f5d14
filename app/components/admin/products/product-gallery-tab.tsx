import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { FieldError } from "~/components/ui/field-error";
import { isImageUrl } from "~/domain/csv";
import { EmptyNote, RemoveButton, type TabProps, setMeta } from "./form-kit";
import { ImageUpload } from "./image-upload";

/** Gallery images: uploaded files or addresses, shown after the main image on the product page. */
export function ProductGalleryTab({ values, update, errors }: TabProps) {
  const images = values.meta.gallery_images;
  const [url, setUrl] = useState("");
  const [urlError, setUrlError] = useState<string | undefined>();
  const galleryError = Object.entries(errors).find(([k]) => k.startsWith("meta.gallery_images"))?.[1];

  function addUrl() {
    const value = url.trim();
    if (!isImageUrl(value)) {
      setUrlError("Ingresá una URL de imagen válida (http://, https:// o /uploads/...).");
      return;
    }
    update((v) => setMeta("gallery_images", [...v.meta.gallery_images, value])(v));
    setUrl("");
    setUrlError(undefined);
  }

  return (
    <div className="space-y-4">
      {images.length === 0 ? (
        <EmptyNote>La galería está vacía.</EmptyNote>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {images.map((src, i) => (
            <li key={`${src}-${i}`} className="relative rounded-md border border-slate-200 bg-slate-50 p-2">
              <img src={src} alt={`Imagen ${i + 1} de la galería`} className="aspect-square w-full object-contain" />
              <div className="absolute right-1 top-1 rounded-md bg-white/90">
                <RemoveButton
                  label={`Quitar la imagen ${i + 1} de la galería`}
                  onClick={() =>
                    update((v) =>
                      setMeta(
                        "gallery_images",
                        v.meta.gallery_images.filter((_, j) => j !== i),
                      )(v),
                    )
                  }
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <FieldError id="gallery" error={galleryError} />
      <ImageUpload
        id="gallery-upload"
        label="Subir imagen a la galería"
        hideUrl
        value=""
        onChange={(uploaded) => update((v) => setMeta("gallery_images", [...v.meta.gallery_images, uploaded])(v))}
      />
      <div>
        <label htmlFor="gallery-url" className="block text-sm font-medium text-slate-800">
          Agregar por URL
        </label>
        <div className="mt-1 flex gap-2">
          <Input
            id="gallery-url"
            inputMode="url"
            placeholder="https://..."
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                addUrl();
              }
            }}
            {...(urlError ? { "aria-invalid": true, "aria-describedby": "gallery-url-error" } : {})}
          />
          <Button variant="outline" onClick={addUrl}>
            Agregar
          </Button>
        </div>
        <FieldError id="gallery-url" error={urlError} />
      </div>
    </div>
  );
}
