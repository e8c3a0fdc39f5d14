import { Heart, LogOut, Settings } from "lucide-react";
import { Tabs } from "radix-ui";
import { type ReactNode, useState } from "react";
import { Form, Link, data, useSearchParams } from "react-router";
import type { ToastInput } from "~/schemas/toast";
import type { Route } from "./+types/cuenta";
import { ComingSoon } from "~/components/account/coming-soon";
import { CompanyCard, type MyCompany } from "~/components/account/company-card";
import { OrderList } from "~/components/account/order-list";
import { type ProfileActionData, ProfileForm } from "~/components/account/profile-form";
import { useActionResult } from "~/components/use-action-result";
import { Button } from "~/components/ui/button";
import { ProductCard } from "~/components/product/product-card";
import { getMemberCompany, listCompanyMembers } from "~/models/companies.server";
import { listCompanyInvitations } from "~/models/company-members.server";
import { listOrdersForUser } from "~/models/order.server";
import { listCompanyQuotes } from "~/models/quotes.server";
import { QuoteList } from "~/components/quotes/quote-list";
import { memberStatement } from "~/models/cuenta-corriente.server";
import { AccountStatementView } from "~/components/account/account-statement";
import { listWishlistProducts } from "~/models/wishlist.server";
import { ProfileInputSchema, getProfile, updateProfile } from "~/models/profile.server";
import { requireUser } from "~/utils/auth.server";
import { originFrom, seo } from "~/utils/seo";
import { parseForm, readForm } from "~/utils/request.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Mi Cuenta | Vitec",
    description: "Tus datos, tus pedidos y tu lista de deseos en Vitec.",
    path: "/cuenta",
    origin: originFrom(matches),
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // Each part fails on its own, with the spec's message, instead of taking the page down.
  const [profile, orders, wishlist, quotes, account, company] = await Promise.all([
    getProfile(user.id).catch((error: unknown) => {
      console.error("[cuenta] profile could not be read:", error);
      return null;
    }),
    listOrdersForUser(user.id).catch((error: unknown) => {
      console.error("[cuenta] orders could not be read:", error);
      return null;
    }),
    listWishlistProducts(user.id).catch((error: unknown) => {
      console.error("[cuenta] wishlist could not be read:", error);
      return null;
    }),
    // [25/25] A company member's quotes (null: not a member, no tab).
    listCompanyQuotes(user.id).catch((error: unknown) => {
      console.error("[cuenta] quotes could not be read:", error);
      return null;
    }),
    // The cuenta corriente of the user's own company (none: no tab).
    memberStatement(user.id).catch((error: unknown) => {
      console.error("[cuenta] the company's statement could not be read:", error);
      return null;
    }),
    myCompany(user.id).catch((error: unknown) => {
      console.error("[cuenta] company could not be read:", error);
      return undefined;
    }),
  ]);
  const toast: ToastInput | null = !profile
    ? { type: "error", title: "No se pudo cargar tu perfil." }
    : !orders
      ? { type: "error", title: "No se pudieron cargar tus pedidos." }
      : null;
  return { email: user.email, name: user.name, profile, orders, wishlist, quotes, account, company, toast };
}

/** The company the user buys for, its members and (for an approver) its pending invitations. */
async function myCompany(userId: string): Promise<MyCompany | null> {
  const company = await getMemberCompany(userId);
  if (!company) return null;
  const [members, invitations] = await Promise.all([
    listCompanyMembers(company.id),
    company.role === "approver" ? listCompanyInvitations(company.id) : [],
  ]);
  return { company, members, invitations };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const values = Object.fromEntries(
    ["fullName", "phone", "address", "city", "state", "zipCode"].map((k) => [k, String(form.get(k) ?? "")]),
  );
  const parsed = parseForm(ProfileInputSchema, form);
  if (!parsed.ok) {
    const { errors } = parsed;
    return data<ProfileActionData>(
      {
        ok: false,
        errors,
        values,
        toast: { type: "error", title: "No se pudo actualizar tu perfil.", description: Object.values(errors)[0] },
      },
      { status: 400 },
    );
  }
  try {
    await updateProfile(user.id, parsed.data);
  } catch (error) {
    console.error("[cuenta] profile could not be saved:", error);
    return data<ProfileActionData>(
      { ok: false, errors: {}, values, toast: { type: "error", title: "No se pudo actualizar tu perfil." } },
      { status: 500 },
    );
  }
  return data<ProfileActionData>({
    ok: true,
    errors: {},
    values: {},
    toast: { type: "success", title: "¡Perfil actualizado!" },
  });
}

const TABS = [
  { value: "perfil", label: "Perfil" },
  { value: "pedidos", label: "Mis pedidos" },
  { value: "cotizaciones", label: "Cotizaciones" },
  { value: "deseos", label: "Lista de deseos" },
  { value: "cuenta-corriente", label: "Cuenta corriente" },
  { value: "empresa", label: "Empresa" },
  { value: "configuracion", label: "Configuración" },
] as const;

type TabValue = (typeof TABS)[number]["value"];

function isTab(value: string | null): value is TabValue {
  return TABS.some((t) => t.value === value);
}

export default function Cuenta({ loaderData }: Route.ComponentProps) {
  const { email, name, profile, orders, wishlist, quotes, account, company } = loaderData;
  // Company members only: quotes for an approved company's members, the cuenta corriente for a
  // company with an account.
  const tabs = TABS.filter(
    (t) => (t.value !== "cotizaciones" || quotes) && (t.value !== "cuenta-corriente" || account),
  );
  const [searchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const [tab, setTab] = useState<TabValue>(
    isTab(requested) && tabs.some((t) => t.value === requested) ? requested : "perfil",
  );
  useActionResult(loaderData, "idle");

  function changeTab(value: string) {
    if (!isTab(value)) return;
    setTab(value);
    // Keep the tab in the address (shareable, survives a reload) without reloading data.
    const url = new URL(window.location.href);
    url.searchParams.set("tab", value);
    window.history.replaceState(window.history.state, "", url);
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Mi Cuenta</h1>
          <p className="mt-1 text-slate-600">
            Hola, {profile?.fullName || name || email}. <span className="break-all">{email}</span>
          </p>
        </div>
        <Form method="post" action="/logout">
          <Button type="submit" variant="outline">
            <LogOut aria-hidden className="size-4" />
            Cerrar sesión
          </Button>
        </Form>
      </div>

      <Tabs.Root value={tab} onValueChange={changeTab} className="mt-6">
        <Tabs.List
          aria-label="Secciones de tu cuenta"
          className="-mx-4 flex overflow-x-auto border-b border-slate-200 px-4 sm:mx-0 sm:px-0"
        >
          {tabs.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className="shrink-0 border-b-2 border-transparent px-4 py-3 text-sm font-semibold whitespace-nowrap text-slate-600 hover:text-slate-900 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700"
            >
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        <LoadedTab value="perfil" title="Perfil" failure="No se pudo cargar tu perfil.">
          {profile ? <ProfileForm profile={profile} /> : null}
        </LoadedTab>

        <LoadedTab value="pedidos" title="Mis pedidos" failure="No se pudieron cargar tus pedidos.">
          {orders ? <OrderList orders={orders} /> : null}
        </LoadedTab>

        {quotes ? (
          <LoadedTab value="cotizaciones" title="Cotizaciones" failure="No se pudieron cargar las cotizaciones.">
            <QuoteList quotes={quotes} />
          </LoadedTab>
        ) : null}

        <LoadedTab value="deseos" title="Lista de deseos" failure="No se pudo cargar tu lista de deseos.">
          {!wishlist ? null : wishlist.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 p-8 text-center">
              <Heart aria-hidden className="size-10 text-slate-300" />
              <p className="text-slate-600">
                Todavía no guardaste productos. Tocá el corazón de un producto para tenerlo a mano acá.
              </p>
              <Link to="/store" className="font-semibold text-brand-700 underline">
                Ir a la tienda
              </Link>
            </div>
          ) : (
            <ul className="grid grid-cols-2 gap-4 md:grid-cols-3">
              {wishlist.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} />
                </li>
              ))}
            </ul>
          )}
        </LoadedTab>

        {account ? (
          <Tabs.Content value="cuenta-corriente" className="pt-6 outline-none">
            <AccountStatementView account={account} />
          </Tabs.Content>
        ) : null}
        <LoadedTab value="empresa" title="Empresa" failure="No se pudieron cargar los datos de tu empresa.">
          {company === undefined ? null : <CompanyCard data={company} email={email} />}
        </LoadedTab>

        <Tabs.Content value="configuracion" className="outline-none">
          <ComingSoon
            icon={Settings}
            title="Configuración"
            text="Muy pronto vas a poder elegir tus preferencias de notificaciones y de privacidad."
          />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

/** A tab whose content the page read: `failure` in its place when the read failed (`children` null). */
function LoadedTab({
  value,
  title,
  failure,
  children,
}: {
  value: string;
  title: string;
  failure: string;
  children: ReactNode;
}) {
  return (
    <Tabs.Content value={value} className="pt-6 outline-none">
      <h2 className="sr-only">{title}</h2>
      {children ?? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
          {failure}
        </p>
      )}
    </Tabs.Content>
  );
}
