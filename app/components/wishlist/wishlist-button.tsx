import { useToast } from "~/components/toaster";
import { clsx } from "clsx";
import { useWishlist } from "./wishlist-store";
import { Icon } from "~/components/ui/icon";

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
      className={clsx("wish", active && "wish-on", className)}
    >
      <Icon name="heart" className={clsx("size-5", active && "fill-current")} />
    </button>
  );
}
