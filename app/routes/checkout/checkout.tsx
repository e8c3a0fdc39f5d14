import { useEffect, useState, useSyncExternalStore } from "react";
import { useApi } from "~/components/api-client";
import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/checkout";
import { useCart } from "~/components/cart/cart-store";
import { useViewer } from "~/components/viewer";
import { type CheckoutActionData, type CheckoutConfig, CheckoutForm } from "~/components/checkout/checkout-form";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import {
  activeCheckoutFields,
  customerFullName,
  toOrderCustomer,
  validateCheckoutFields,
} from "~/domain/checkout-fields";
import { PaymentUnavailableError, startOnlinePayment } from "~/models/payment.server";
import { OrderError, checkOrder, isIdempotencyKeyUsed, placeOrder } from "~/models/place-order.server";
import { cartRemindersEnabled } from "~/models/win-back.server";
import { recordRecoveredOrder } from "./cart-recovery.server";
import { CheckoutReminderNotice } from "~/components/checkout/checkout-reminder-notice";
import { AccountError, createCustomerAccount } from "~/models/profile.server";
import { getSettings } from "~/models/settings.server";
import type { AccountOffer } from "~/models/cuenta-corriente.server";
import { ACCOUNT_PAYMENT_METHOD } from "~/domain/cuenta-corriente";
import { formatARS, fromCents } from "~/domain/money";
import {
  type CheckoutForm as CheckoutFormInput,
  CheckoutFormSchema,
  EMPTY_CART_MESSAGE,
  carrierQuoteId,
  TERMS_TOAST,
  checkoutFieldValues,
} from "~/schemas/checkout";
import type { ToastInput } from "~/schemas/toast";
import { authErrorMessage } from "~/utils/auth-errors";
import { MercadoPagoError, mercadoPagoConfig } from "~/services/mercadopago.server";
import { getSessionUser, signInWithPassword } from "~/utils/auth.server";
import { clientAddress, rateLimit } from "~/utils/rate-limit.server";
import { originFrom, seo } from "~/utils/seo";
import { parseForm, readForm } from "~/utils/request.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Finalizar compra | Vitec",
    description: "Completá tus datos, elegí el envío y el medio de pago para confirmar tu pedido.",
    path: "/checkout",
    origin: originFrom(matches),
    noindex: true,
  });

const CONFIG_ERROR: ToastInput = {
  type: "error",
  title: "Error",
  description: "No se pudo cargar la configuración del checkout.",
};

// The page is the same for everyone and cached (ADR 0005): the signed-in customer's saved data
// comes from /api/viewer in the browser, which also draws the page's idempotency key.
export async function loader() {
  try {
    const settings = await getSettings([
      "checkout_fields",
      "shipping_methods",
      "payment_methods",
      "store",
      "shipping_zones",
      "invoicing",
    ]);
    const fields = activeCheckoutFields(settings.checkout_fields);
    const config: CheckoutConfig = {
      fields,
      shippingMethods: settings.shipping_methods.filter((m) => m.name),
      shippingZones: settings.shipping_zones,
      askIvaCondition: fields.some((f) => f.name === "cuit"),
      sellerIvaCondition: settings.invoicing.sellerIvaCondition,
      identificationThresholdCents:
        settings.invoicing.mode === "off" ? null : Math.round(settings.invoicing.identificationThreshold * 100),
      // A Mercado Pago method is offered only while the store has its credentials.
      paymentMethods: settings.payment_methods.filter(
        (m) => m.name && (m.kind !== "mercadopago" || mercadoPagoConfig() !== null),
      ),
      bank: settings.store.bank,
      salesEmail: settings.store.salesEmail,
    };
    return { config, reminders: await cartRemindersEnabled() };
  } catch (error) {
    console.error("[checkout] settings could not be read:", error);
    return { config: null, reminders: false };
  }
}

function fail(
  body: Omit<CheckoutActionData, "errors" | "fieldErrors"> & Partial<CheckoutActionData>,
  status: number,
  headers?: Headers,
) {
  return data<CheckoutActionData>({ errors: {}, fieldErrors: {}, ...body }, { status, headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = checkoutFieldValues(form);
  const ivaCondition = form.get("ivaCondition");
  if (typeof ivaCondition === "string") values.ivaCondition = ivaCondition.slice(0, 40);

  const limit = await rateLimit(`checkout:${clientAddress(context)}`, 30, 10 * 60);
  if (!limit.allowed) {
    return fail(
      {
        values,
        toast: {
          type: "error",
          title: "Error al crear pedido",
          description: "Demasiados intentos. Esperá unos minutos y volvé a intentar.",
        },
      },
      429,
    );
  }

  const parsed = parseForm(CheckoutFormSchema, form);
  if (!parsed.ok) {
    const { errors } = parsed;
    const toast: ToastInput =
      errors.lines === EMPTY_CART_MESSAGE
        ? { type: "error", title: "Carrito vacío", description: EMPTY_CART_MESSAGE }
        : errors.terms
          ? TERMS_TOAST
          : errors.password
            ? { type: "error", title: `Error al crear cuenta: ${errors.password}` }
            : { type: "error", title: "Error al crear pedido", description: Object.values(errors)[0] };
    return fail({ errors, values, toast }, 400);
  }
  const input = parsed.data;

  let checkoutFields;
  try {
    checkoutFields = (await getSettings(["checkout_fields"])).checkout_fields;
  } catch (error) {
    console.error("[checkout] settings could not be read:", error);
    return fail({ values, toast: CONFIG_ERROR }, 503);
  }
  const answers = validateCheckoutFields(checkoutFields, values);
  if (!answers.success) {
    return fail(
      {
        code: "invalid_fields",
        fieldErrors: answers.errors,
        values,
        toast: {
          type: "error",
          title: "Error al crear pedido",
          description: `Revisá los datos marcados: ${Object.values(answers.errors)[0]}`,
        },
      },
      400,
    );
  }

  // Who the order belongs to: the signed-in customer, or the account created now.
  const headers = new Headers();
  const sessionUser = await getSessionUser(request);
  let userId = sessionUser?.id ?? null;
  let accountCreated = false;
  if (!sessionUser && input.createAccount) {
    const customer = toOrderCustomer(checkoutFields, answers.values);
    const email = customer.customerEmail;
    const password = input.password ?? "";
    if (!email) {
      return fail(
        {
          values,
          toast: { type: "error", title: "Error al crear cuenta: necesitamos tu email para crear la cuenta." },
        },
        400,
      );
    }
    // A retried submission whose order exists already created the account too: just sign in again.
    if (!(await isIdempotencyKeyUsed(input.idempotencyKey))) {
      // The purchase must be possible before an account is made for it (stock, prices, methods).
      try {
        await checkOrder(orderInput(input, answers.values, null, values.dni));
      } catch (error) {
        return orderFailed(error, values, "", headers);
      }
      try {
        const account = await createCustomerAccount({
          email,
          password,
          fullName: customerFullName(customer) || email,
          profile: {
            phone: customer.customerPhone,
            address: customer.address.line1 ?? null,
            city: customer.address.city ?? null,
            state: customer.address.state ?? null,
            zipCode: customer.address.zip ?? null,
          },
        });
        userId = account.id;
        accountCreated = true;
      } catch (error) {
        const known = error instanceof AccountError ? error.message : authErrorMessage(error);
        if (!known) console.error("[checkout] the account could not be created:", error);
        const message = known ?? "No se pudo crear la cuenta.";
        return fail({ values, toast: { type: "error", title: `Error al crear cuenta: ${message}` } }, 400);
      }
    }
    const signedIn = await signInWithPassword(request, email, password);
    if (signedIn.ok) {
      userId ??= signedIn.user.id;
      for (const cookie of signedIn.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    }
  }

  let order;
  try {
    order = await placeOrder(orderInput(input, answers.values, userId, values.dni));
  } catch (error) {
    return orderFailed(error, values, accountCreated ? " Tu cuenta ya quedó creada." : "", headers);
  }
  await recordRecoveredOrder(request, order.id, headers);
  const confirmation = `/success?${new URLSearchParams({ order: order.id, token: order.accessToken, nuevo: "1" })}`;
  if (order.paysOnline) {
    // To Mercado Pago's checkout. If it cannot be reached, the order is kept (with its stock) and
    // the confirmation page offers to pay again.
    try {
      const { initPoint } = await startOnlinePayment(order.id);
      return data<CheckoutActionData>(
        { errors: {}, fieldErrors: {}, values: {}, payAt: initPoint, confirmation },
        { headers },
      );
    } catch (error) {
      if (!(error instanceof MercadoPagoError || error instanceof PaymentUnavailableError)) throw error;
      console.error(`[checkout] Mercado Pago preference for order ${order.id} failed:`, error.message);
      return redirect(`${confirmation}&pago=error`, { headers });
    }
  }
  return redirect(confirmation, { headers });
}

function orderInput(
  input: CheckoutFormInput,
  fields: Record<string, string>,
  userId: string | null,
  buyerDni: string | undefined,
): Parameters<typeof placeOrder>[0] {
  return {
    idempotencyKey: input.idempotencyKey,
    lines: input.lines,
    shippingMethod: input.shippingMethod,
    paymentMethod: input.paymentMethod,
    fields,
    userId,
    expectedTotalCents: input.expectedTotal,
    ivaCondition: input.ivaCondition,
    couponCode: input.coupon || undefined,
    // A configured 'dni' field, or the one the checkout adds above ARCA's threshold.
    buyerDni: fields.dni || buyerDni || undefined,
    shippingQuoteId: carrierQuoteId(input.shippingMethod),
    shippingBranchId: input.shippingBranch || undefined,
  };
}

/** The answer when the order cannot be placed: the reason as a toast, what was typed kept. */
function orderFailed(error: unknown, values: Record<string, string>, note: string, headers: Headers) {
  if (error instanceof OrderError) {
    return fail(
      {
        code: error.code,
        // A carrier's quote or branch refused: the message goes beside the shipping options.
        errors: error.code === "shipping_method" ? { shippingMethod: error.message } : {},
        fieldErrors: error.fieldErrors,
        values,
        toast: { type: "error", title: "Error al crear pedido", description: `${error.message}${note}` },
      },
      409,
      headers,
    );
  }
  console.error("[checkout] the order could not be placed:", error);
  return fail(
    {
      values,
      toast: {
        type: "error",
        title: "Error al crear pedido",
        description: `Ocurrió un error inesperado y no se registró tu pedido. Intentá de nuevo en unos minutos.${note}`,
      },
    },
    500,
    headers,
  );
}

const subscribeNothing = () => () => undefined;

/** False on the server and during hydration (the cart is only known in the browser), then true. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { config, reminders } = loaderData;
  // The key of this page view: revalidations after a failed submission keep it.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const hydrated = useHydrated();
  const { signedIn, prefill, account } = useCheckoutViewer();
  const { items, clear } = useCart();
  const toast = useToast();

  useEffect(() => {
    if (!config) toast(CONFIG_ERROR);
  }, [config, toast]);

  // Placed, and paid online: the cart is done with; the shopper goes to Mercado Pago's checkout.
  const payAt = (actionData as CheckoutActionData | undefined)?.payAt;
  useEffect(() => {
    if (!payAt) return;
    clear();
    window.location.assign(payAt);
  }, [payAt, clear]);

  if (payAt) {
    return (
      <div className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Te llevamos a Mercado Pago</h1>
        <p className="text-slate-700" role="status">
          Registramos tu pedido. Ahora pagalo en Mercado Pago con tarjeta, cuotas o dinero en cuenta.
        </p>
        <Button asChild size="lg">
          <a href={payAt}>Ir a pagar</a>
        </Button>
      </div>
    );
  }

  // The cart is only known after hydration: the page keeps its height meanwhile, so that the
  // footer does not jump when "Cargando tu carrito..." turns into the form or the empty cart (CLS).
  return (
    <div className="mx-auto min-h-[70vh] max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Finalizar compra</h1>
      {!config ? (
        <div role="alert" className="mt-6 rounded-lg bg-red-50 p-4 text-red-800">
          <p>No se pudo cargar la configuración del checkout.</p>
          <p className="mt-2">
            <Link to="/checkout" reloadDocument className="font-semibold underline">
              Volver a intentar
            </Link>
          </p>
        </div>
      ) : !hydrated || prefill === null ? (
        <p className="mt-6 text-slate-600" role="status">
          Cargando tu carrito...
        </p>
      ) : items.length === 0 ? (
        <div className="mt-10 flex flex-col items-center gap-4 text-center">
          <Icon name="shopping-cart" className="size-14 text-slate-300" />
          <p className="text-lg text-slate-700">Tu carrito está vacío.</p>
          <Button asChild>
            <Link to="/store">Ir a la tienda</Link>
          </Button>
        </div>
      ) : (
        <>
          {reminders ? <CheckoutReminderNotice /> : null}
          <CheckoutForm
            config={account ? withAccountPayment(config, account) : config}
            prefill={prefill}
            signedIn={signedIn}
            idempotencyKey={idempotencyKey}
            actionData={actionData as CheckoutActionData | undefined}
          />
        </>
      )}
    </div>
  );
}

/** A version 4 UUID from the browser's random numbers (crypto.randomUUID needs HTTPS). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether a customer is signed in, their saved data for the form (null while it is asked for)
 * and, for a member of a company with cuenta corriente, what it may buy on account.
 */
function useCheckoutViewer(): {
  signedIn: boolean;
  prefill: Record<string, string> | null;
  account: AccountOffer | null;
} {
  const viewer = useViewer();
  const [prefill, setPrefill] = useState<Record<string, string> | null>(null);
  const [account, setAccount] = useState<AccountOffer | null>(null);
  useEffect(() => {
    if (viewer.known && !viewer.user) setPrefill({});
  }, [viewer.known, viewer.user]);
  useApi<{ checkoutPrefill: Record<string, string> | null; account: AccountOffer | null }>(
    viewer.known && viewer.user ? { path: "/api/viewer?checkout" } : null,
    {
      onAnswer: (answer) => {
        setAccount(answer.ok ? answer.data.account : null);
        setPrefill(answer.ok ? (answer.data.checkoutPrefill ?? {}) : {});
      },
    },
  );
  return { signedIn: Boolean(viewer.user), prefill, account };
}

/** The page's methods plus "Cuenta corriente" for a member whose company has credit (the server decides again). */
function withAccountPayment(config: CheckoutConfig, account: AccountOffer): CheckoutConfig {
  const method = {
    name: ACCOUNT_PAYMENT_METHOD,
    instructions: `Confirmamos tu pedido sin pago ahora: lo facturamos a ${account.companyName} y lo pagás a ${account.termsDays} días. Crédito disponible: ${formatARS(fromCents(account.availableCents))}.`,
  };
  return { ...config, paymentMethods: [...config.paymentMethods, method] };
}
