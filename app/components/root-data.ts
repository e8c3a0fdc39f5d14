import { useRouteLoaderData } from "react-router";

/**
 * The part of the root loader's answer (app/root.tsx) that components read. It is written here,
 * below the root, so that a component names what it takes without importing the root module
 * (components stand below it); the root loader builds this part as a `RootData`.
 */
export type RootData = {
  /** The signed-in user on pages rendered for them (null on the cached public pages). */
  user: { name: string; email: string; role: "customer" | "admin" } | null;
  wishlist: string[] | null;
  /** A member of an approved company, who may ask for a quote from the cart ([25/25]). */
  quotes: boolean;
  /** The lowest order total that ships free, or null when no shipping method has one. */
  freeShippingFrom: number | null;
};

/** The root loader's data for components, or undefined where the root has not loaded (an error page). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}
