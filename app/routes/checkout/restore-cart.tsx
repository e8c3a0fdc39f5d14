import { useEffect } from "react";
import { Link, data, useNavigate } from "react-router";
import type { Route } from "./+types/restore-cart";
import { replaceCartItems } from "~/components/cart/cart-store";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import type { CartItem } from "~/domain/cart";
import { restoreCart } from "~/models/win-back.server";
import { recoveryCookie } from "./cart-recovery.server";

// [23/25] /carrito/recuperar?t=…: a reminder's signed, expiring link (ADR 0021). The server prices
// the saved lines today and leaves out what is unpublished or sold out; the page puts them in this
// browser's cart and goes on to /checkout, saying what was left out.

export const meta: Route.MetaFunction = () => [
  { title: "Recuperar tu carrito | Vitec" },
  { name: "robots", content: "noindex" },
];

const REASONS = {
  invalid: "Este enlace no es válido: puede haberse copiado incompleto o modificado.",
  expired: "Este enlace venció: los enlaces de recordatorio duran 7 días.",
  gone: "Ya no guardamos este carrito: pasó demasiado tiempo.",
} as const;

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("t") ?? "";
  const restored = await restoreCart(token);
  const noStore = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
  if (!restored.ok) {
    return data(
      { error: REASONS[restored.reason], items: [], dropped: 0 },
      { status: restored.reason === "invalid" ? 400 : 410, headers: noStore },
    );
  }
  const items: CartItem[] = restored.lines.map((line, i) => ({
    id: line.productId,
    name: line.name,
    image_url: null,
    price: Number(line.price),
    sale_price: null,
    selectedOptions: line.selectedOptions,
    quantity: line.quantity,
    cartId: `recuperado-${i}-${restored.draftId.slice(0, 8)}`,
  }));
  const headers = new Headers(noStore);
  headers.append("Set-Cookie", recoveryCookie(token, 7 * 86_400));
  return data({ error: null, items, dropped: restored.dropped }, { headers });
}

export default function RestoreCart({ loaderData }: Route.ComponentProps) {
  const { error, items, dropped } = loaderData;
  const navigate = useNavigate();
  const toast = useToast();
  useEffect(() => {
    if (error || items.length === 0) return;
    replaceCartItems(items);
    if (dropped > 0) {
      toast({
        type: "info",
        title: "Recuperamos tu carrito",
        description:
          dropped === 1
            ? "Un producto ya no está disponible y lo dejamos afuera."
            : `${dropped} productos ya no están disponibles y los dejamos afuera.`,
      });
    }
    void navigate("/checkout", { replace: true });
  }, [error, items, dropped, navigate, toast]);

  return (
    <div className="mx-auto min-h-[50vh] max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">Recuperar tu carrito</h1>
      {error ? (
        <div role="alert" className="mt-4 space-y-4 rounded-lg bg-red-50 p-4 text-red-800">
          <p>{error}</p>
          <Button asChild>
            <Link to="/store">Ir a la tienda</Link>
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div role="alert" className="mt-4 space-y-4">
          <p className="text-slate-700">Ninguno de los productos de tu carrito está disponible hoy.</p>
          <Button asChild>
            <Link to="/store">Ir a la tienda</Link>
          </Button>
        </div>
      ) : (
        <p role="status" className="mt-4 text-slate-700">
          Cargando tu carrito…
        </p>
      )}
    </div>
  );
}
