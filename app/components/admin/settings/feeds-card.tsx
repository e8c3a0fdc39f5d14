import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { CardFrame } from "./settings-card";

const FEEDS = [
  { path: "/feeds/google.xml", label: "Google Merchant Center (XML)" },
  { path: "/feeds/meta.csv", label: "Meta: Facebook e Instagram (CSV)" },
];

/** The product feeds' addresses, to paste in Merchant Center and in Meta's Commerce Manager. */
export function FeedsCard({ siteUrl }: { siteUrl: string }) {
  const id = useId();
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(url);
    } catch {
      setCopied(null);
    }
  };
  return (
    <CardFrame
      title="Catálogos de productos"
      description="Pegá estas direcciones en Google Merchant Center y en el Administrador de ventas de Meta para que tus productos publicados (con imagen) aparezcan en Google Shopping, Facebook e Instagram. Se actualizan solas con cada cambio del catálogo."
    >
      <div className="space-y-3 px-4 py-4 sm:px-5">
        {FEEDS.map(({ path, label }, index) => {
          const url = `${siteUrl}${path}`;
          return (
            <Field key={path} id={`${id}-${index}`} label={label}>
              <div className="flex gap-2">
                <Input id={`${id}-${index}`} value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
                <Button type="button" variant="outline" onClick={() => void copy(url)} aria-label={`Copiar ${label}`}>
                  Copiar
                </Button>
              </div>
            </Field>
          );
        })}
        <p role="status" className="text-sm text-slate-600">
          {copied ? "Dirección copiada." : ""}
        </p>
      </div>
    </CardFrame>
  );
}
