import { Form, Link, data } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { Button } from "~/components/ui/button";
import { optOut, readUnsubscribeToken } from "~/models/win-back.server";

// [23/25] /baja?t=…: the unsubscribe link of every cart reminder and stock alert (ADR 0021), no
// sign-in needed. GET shows what it does and a button; POST opts the address out, whether from
// that button or from a mail client's one-click "List-Unsubscribe=One-Click" (RFC 8058).

export const meta: Route.MetaFunction = () => [
  { title: "Darte de baja | Vitec" },
  { name: "robots", content: "noindex" },
];

const REFUSED =
  "Este enlace de baja no es válido: puede haberse copiado incompleto. Usá el enlace completo del email, o escribinos desde Contacto y te damos de baja.";

function addressOf(request: Request): string | null {
  const verified = readUnsubscribeToken(new URL(request.url).searchParams.get("t") ?? "");
  return verified.ok ? verified.payload : null;
}

export function loader({ request }: Route.LoaderArgs) {
  const email = addressOf(request);
  return data(
    { email, done: false },
    { status: email ? 200 : 400, headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const email = addressOf(request);
  if (!email) return data({ email: null, done: false }, { status: 400 });
  const form = await request.formData().catch(() => null);
  await optOut(email, form?.get("List-Unsubscribe") === "One-Click" ? "one_click" : "link");
  return { email, done: true };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { email, done } = actionData ?? loaderData;
  return (
    <div className="mx-auto min-h-[50vh] max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">Darte de baja</h1>
      {!email ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-4 text-red-800">
          {REFUSED}
        </p>
      ) : done ? (
        <div role="status" className="mt-4 space-y-3 text-slate-700">
          <p>
            Listo: <strong>{email}</strong> no va a recibir más recordatorios de carrito ni avisos de stock de Vitec.
          </p>
          <p>Vas a seguir recibiendo los emails de tus compras (confirmación, envío, factura).</p>
          <Link to="/" className="font-semibold text-brand-700 underline">
            Volver a la tienda
          </Link>
        </div>
      ) : (
        <div className="mt-4 space-y-4 text-slate-700">
          <p>
            ¿Querés que <strong>{email}</strong> deje de recibir recordatorios de carrito y avisos de stock? Es tu
            derecho de retiro o bloqueo (art. 27 inc. 3, Ley 25.326).
          </p>
          <Form method="post">
            <Button type="submit">Darme de baja</Button>
          </Form>
        </div>
      )}
    </div>
  );
}
