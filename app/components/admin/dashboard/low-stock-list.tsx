import { Link } from "react-router";
import type { LowStockProduct } from "~/models/dashboard.server";
import { cn } from "~/utils/cn";
import { Panel } from "./panel";

/** Products below 10 units, fewest first; each opens the product list searched by its name. */
export function LowStockList({ products }: { products: LowStockProduct[] }) {
  return (
    <Panel title="Productos con stock bajo" link={{ to: "/admin/productos", label: "Ver productos" }}>
      {products.length === 0 ? (
        <p className="text-sm text-slate-600">Ningún producto tiene menos de 10 unidades.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {products.map((product) => (
            <li key={product.id} className="flex items-center justify-between gap-3 py-2.5">
              <div className="min-w-0">
                <Link
                  to={`/admin/productos?q=${encodeURIComponent(product.name)}`}
                  className="block truncate text-sm font-medium text-brand-700 hover:underline"
                >
                  {product.name}
                </Link>
                {product.sku ? <p className="text-xs text-slate-500">SKU {product.sku}</p> : null}
              </div>
              <span
                className={cn(
                  "shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold",
                  product.stock === 0 ? "bg-red-700 text-white" : "bg-yellow-100 text-yellow-900",
                )}
              >
                {product.stock === 0 ? "Sin stock" : `${product.stock} ${product.stock === 1 ? "unidad" : "unidades"}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
