import { data } from "react-router";
import type { Route } from "./+types/quote-pdf";
import { getQuote, mayOpenQuote } from "~/models/quotes.server";
import { quotePdf } from "~/models/quote-pdf.server";
import { getSettings } from "~/models/settings.server";
import { getSessionUser } from "~/utils/auth.server";

// GET /cotizaciones/:id/pdf[?t=token]: a quote as a PDF, for staff, a member of the quote's
// company or the holder of the e-mailed link. Anyone else: 404.

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const token = new URL(request.url).searchParams.get("t");
  const allowed = user?.role === "admin" || (await mayOpenQuote(params.id, { userId: user?.id ?? null, token }));
  const quote = allowed ? await getQuote(params.id) : null;
  if (!quote) throw data("No encontramos la cotización.", { status: 404 });
  const { store } = await getSettings(["store"]);
  const body = await quotePdf(quote, store);
  return new Response(Buffer.from(body), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="cotizacion-${quote.number}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
