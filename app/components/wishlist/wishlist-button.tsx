import Heart from "lucide-react/icons/heart";
import { useToast } from "~/components/toaster";
import { clsx } from "clsx";
import { useWishlist } from "./wishlist-store";

/** The heart: adds the product to the wishlist or takes it out. */
export function WishlistButton({
  productId,
  productName,
  className,
}: {
  productId: string;
  productName: string;
  className?: string;
}) {
  const wishlist = useWishlist();
  const toast = useToast();
  const active = wishlist.has(productId);

  async function onClick() {
    const now = await wishlist.toggle(productId);
    if (now === null) {
      toast({ type: "error", title: "No se pudo guardar", description: "Intentá de nuevo en un momento." });
    } else {
      toast({
        type: "success",
        title: now ? "Agregado a tu lista de deseos" : "Quitado de tu lista de deseos",
        description: productName,
      });
    }
  }

  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={active}
      aria-label={
        active ? `Quitar ${productName} de mi lista de deseos` : `Agregar ${productName} a mi lista de deseos`
      }
      className={clsx(
        "inline-flex size-9 items-center justify-center rounded-full border bg-white/90 shadow-sm transition hover:scale-105",
        active ? "border-red-200 text-red-600" : "border-slate-200 text-slate-500 hover:text-red-600",
        className,
      )}
    >
      <Heart aria-hidden className={clsx("size-5", active && "fill-current")} />
    </button>
  );
}
