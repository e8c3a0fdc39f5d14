import { useEffect } from "react";
import { Link, data, useNavigate } from "react-router";
import type { Route } from "./+types/restore-cart";
import { replaceCartItems } from "~/components/cart/cart-store";
import { Button } from "~/components/ui/button";
import type { CartItem } from "~/domain/cart";
import { droppedLineMessage } from "~/domain/win-back";
import { restoreCart } from "~/models/win-back.server";
import { recoveryCookie } from "./cart-recovery.server";

// [23/25] /carrito/recuperar?t=…: a reminder's signed, expiring link (ADR 0021). The server prices
// the saved lines today (the same variant each line had) and leaves out what is unpublished, sold
// out or an option that no longer exists; the page puts them in this browser's cart and goes on to
// /checkout, or first says what it left out and why.

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
      { error: REASONS[restored.reason], items: [], dropped: [] },
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
  return data({ error: null, items, dropped: restored.dropped.map(droppedLineMessage) }, { headers });
}

export default function RestoreCart({ loaderData }: Route.ComponentProps) {
  const { error, items, dropped } = loaderData;
  const navigate = useNavigate();
  useEffect(() => {
    if (error || items.length === 0) return;
    replaceCartItems(items);
    // Something was left out: the page says what, and the shopper goes on from here.
    if (dropped.length === 0) void navigate("/checkout", { replace: true });
  }, [error, items, dropped, navigate]);

  const droppedList = dropped.length > 0 && (
    <ul className="list-disc space-y-1 pl-5 text-slate-700">
      {dropped.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
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
          {droppedList}
          <Button asChild>
            <Link to="/store">Ir a la tienda</Link>
          </Button>
        </div>
      ) : dropped.length > 0 ? (
        <div role="status" className="mt-4 space-y-4">
          <p className="text-slate-700">
            Recuperamos tu carrito con los precios de hoy, salvo{" "}
            {dropped.length === 1 ? "un producto" : "algunos productos"}:
          </p>
          {droppedList}
          <Button asChild>
            <Link to="/checkout" replace>
              Seguir con la compra
            </Link>
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
