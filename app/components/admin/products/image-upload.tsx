import { ImageIcon, Loader2 } from "lucide-react";
import { useRef } from "react";
import { useFetcher } from "react-router";
import { useToast } from "~/components/toaster";
import { Input } from "~/components/ui/field";
import { FieldError, fieldAria } from "~/components/ui/field-error";
import type { ProductActionResult } from "~/schemas/product-actions";
import { cn } from "~/utils/cn";
import { useActionResult } from "~/components/use-action-result";
import {} from "./form-kit";

const MAX_BYTES = 5 * 1024 * 1024;
const ACCEPT = "image/png,image/jpeg,image/webp,image/gif";

/**
 * An image field: a preview, the URL (editable), and a file input that uploads the image to
 * the store (PNG, JPEG, WebP or GIF up to 5 MB; the server checks the bytes again) and puts
 * the public URL in the field.
 */
export function ImageUpload({
  id,
  label,
  value,
  onChange,
  error,
  hideUrl = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (url: string) => void;
  error?: string;
  /** Only the upload button (the gallery adds each uploaded image to its list). */
  hideUrl?: boolean;
}) {
  const fetcher = useFetcher<ProductActionResult>();
  const toast = useToast();
  const fileInput = useRef<HTMLInputElement>(null);
  const uploading = fetcher.state !== "idle";

  useActionResult(fetcher.data, fetcher.state, (result) => {
    if (result.ok && result.url) onChange(result.url);
  });

  function upload(file: File | undefined) {
    if (!file) return;
    const reset = () => {
      if (fileInput.current) fileInput.current.value = "";
    };
    if (!file.type.startsWith("image/") || file.type === "image/svg+xml") {
      toast({
        type: "error",
        title: "Error al subir imagen",
        description: "El archivo no es una imagen PNG, JPEG, WebP o GIF.",
      });
      return reset();
    }
    if (file.size > MAX_BYTES) {
      toast({ type: "error", title: "Error al subir imagen", description: "La imagen supera los 5 MB." });
      return reset();
    }
    const form = new FormData();
    form.set("intent", "upload-image");
    form.set("file", file);
    fetcher.submit(form, { method: "post", encType: "multipart/form-data" });
    reset();
  }

  return (
    <div>
      {hideUrl ? null : (
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
      )}
      <div className={cn("flex items-start gap-3", !hideUrl && "mt-1")}>
        {hideUrl ? null : (
          <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-slate-50">
            {value ? (
              <img src={value} alt="" className="size-full object-contain" />
            ) : (
              <ImageIcon aria-hidden className="size-6 text-slate-400" />
            )}
          </div>
        )}
        <div className="min-w-0 flex-1 space-y-2">
          {hideUrl ? null : (
            <Input
              id={id}
              type="text"
              inputMode="url"
              placeholder="https://... o /uploads/..."
              value={value}
              onChange={(e) => onChange(e.target.value)}
              {...fieldAria(id, error)}
            />
          )}
          <div className="flex flex-wrap items-center gap-2">
            <label
              className={cn(
                "inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:border-brand-600 hover:text-brand-700 focus-within:outline-2 focus-within:outline-brand-600",
                uploading && "pointer-events-none opacity-60",
              )}
            >
              {uploading ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
              {uploading ? "Subiendo..." : hideUrl ? label : "Subir imagen"}
              <input
                ref={fileInput}
                type="file"
                accept={ACCEPT}
                aria-label={hideUrl ? label : `Subir archivo: ${label}`}
                className="sr-only"
                disabled={uploading}
                onChange={(e) => upload(e.target.files?.[0])}
              />
            </label>
            <span className="text-xs text-slate-500">PNG, JPEG, WebP o GIF, hasta 5 MB.</span>
          </div>
        </div>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
