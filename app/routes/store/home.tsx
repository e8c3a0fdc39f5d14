import { Link } from "react-router";
import type { Route } from "./+types/home";
import { COLLECTIONS } from "~/domain/collections";
import { formatARS } from "~/domain/money";
import { listFeaturedProducts } from "~/models/product.server";

export const meta: Route.MetaFunction = () => [
  { title: "Vitec | Tecnología para tu casa y tu empresa" },
  {
    name: "description",
    content: "Notebooks, PCs, gaming, monitores y accesorios con envíos a todo el país, financiación y garantía. Atención personalizada para empresas.",
  },
];

export async function loader() {
  return { featured: await listFeaturedProducts(8) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <section className="bg-gradient-to-br from-brand-900 to-brand-600 text-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <h1 className="max-w-2xl text-3xl font-extrabold leading-tight sm:text-5xl">Tecnología para tu casa y tu empresa</h1>
          <p className="mt-4 max-w-xl text-lg text-brand-100">
            Notebooks, PCs, gaming y accesorios con envíos a todo el país, financiación a tu medida y garantía oficial.
          </p>
          <Link
            to="/store"
            className="mt-8 inline-block rounded-md bg-white px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50"
          >
            Ver todos los productos
          </Link>
        </div>
      </section>

      <section aria-labelledby="categorias" className="mx-auto max-w-6xl px-4 py-10">
        <h2 id="categorias" className="text-2xl font-bold">
          Categorías
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {COLLECTIONS.map((c) => (
            <li key={c.id}>
              <Link
                to={`/store?category=${encodeURIComponent(c.id)}`}
                className="block rounded-lg border border-slate-200 p-4 text-center font-medium hover:border-brand-500 hover:text-brand-700"
              >
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {loaderData.featured.length > 0 ? (
        <section aria-labelledby="destacados" className="mx-auto max-w-6xl px-4 pb-14">
          <h2 id="destacados" className="text-2xl font-bold">
            Productos destacados
          </h2>
          <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
            {loaderData.featured.map((p) => {
              const onSale = p.salePrice !== null && p.price !== null && Number(p.salePrice) < Number(p.price);
              return (
                <li key={p.id} className="rounded-lg border border-slate-200 p-3">
                  <Link to={`/product/${p.id}`} className="block">
                    <img
                      src={p.imageUrl ?? "/images/placeholder.svg"}
                      alt={p.name}
                      width={400}
                      height={400}
                      loading="lazy"
                      className="aspect-square w-full rounded-md bg-slate-100 object-cover"
                    />
                    <h3 className="mt-2 line-clamp-2 text-sm font-semibold">{p.name}</h3>
                    <p className="mt-1">
                      <span className="font-bold text-brand-700">{formatARS(Number(onSale ? p.salePrice : p.price))}</span>
                      {onSale ? <s className="ml-2 text-sm text-slate-500">{formatARS(Number(p.price))}</s> : null}
                    </p>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
