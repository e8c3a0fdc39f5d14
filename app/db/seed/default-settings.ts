import { DEFAULT_EXCHANGE_RATE } from "~/domain/dollar-pricing";
import { FALLBACK_PARCEL } from "~/domain/parcels";
import { DEFAULT_REFERENCE_DAYS } from "~/domain/price-history";
import { DEFAULT_WIN_BACK } from "~/domain/win-back";
import type { SettingValues } from "~/domain/settings";

// Settings every install starts with (inserted when missing, never overwritten).
// Contact and bank data are placeholders for the store to replace in admin.
export const DEFAULT_SETTINGS: SettingValues = {
  checkout_fields: [
    { name: "first_name", label: "Nombre", type: "text", required: true, position: 1 },
    { name: "last_name", label: "Apellido", type: "text", required: true, position: 2 },
    { name: "email", label: "Email", type: "email", required: true, position: 3 },
    { name: "phone", label: "Teléfono", type: "tel", required: true, position: 4 },
    { name: "cuit", label: "CUIT", type: "text", required: false, position: 5 },
    { name: "company", label: "Empresa", type: "text", required: false, position: 6 },
    { name: "address", label: "Dirección", type: "text", required: true, position: 7 },
    { name: "city", label: "Ciudad", type: "text", required: true, position: 8 },
    { name: "state", label: "Provincia", type: "text", required: true, position: 9 },
    { name: "zip", label: "Código postal", type: "text", required: true, position: 10 },
    { name: "notes", label: "Notas del pedido", type: "textarea", required: false, position: 11 },
  ],
  shipping_methods: [
    { name: "Retiro en local", cost: 0 },
    { name: "Envío a domicilio CABA y GBA", cost: 6500 },
    { name: "Envío a todo el país", cost: 12900 },
  ],
  payment_methods: [
    {
      name: "transferencia",
      instructions: "Transferí el total y enviá el comprobante a ventas@vitec.com.ar indicando tu número de pedido.",
      discountPercent: 10,
    },
    {
      name: "Mercado Pago",
      instructions: "Te enviaremos un link de pago por email para abonar con tarjeta o dinero en cuenta.",
    },
    { name: "Efectivo al retirar", instructions: "Abonás en efectivo al retirar tu pedido en el local." },
  ],
  email_template_customer:
    "<h2>¡Gracias por tu compra, {{customer_name}}!</h2><p>Recibimos tu pedido <strong>#{{order_id}}</strong>.</p>{{items_html}}<p>Total: <strong>{{total}}</strong></p><p>Te avisaremos cuando lo despachemos.</p>",
  email_template_admin:
    "<h2>Nuevo pedido #{{order_id}}</h2><p>Cliente: {{customer_name}}</p>{{items_html}}<p>Total: <strong>{{total}}</strong></p>",
  email_template_welcome_user:
    "<h2>¡Bienvenido a Vitec!</h2><p>Creaste tu cuenta con el email <strong>{{user_email}}</strong>. Desde Mi Cuenta podés ver tus pedidos y actualizar tus datos.</p>",
  // Shipping cost by zone (the postal code gives the province). A method missing from a zone's
  // costs costs its own base cost there; null means it does not reach that zone.
  shipping_zones: [
    { name: "Ciudad de Buenos Aires", provinces: ["C"], costs: { "Envío a todo el país": null } },
    { name: "Provincia de Buenos Aires", provinces: ["B"], costs: { "Envío a todo el país": 9900 } },
    {
      name: "Centro y Cuyo",
      provinces: ["X", "S", "E", "L", "D", "M", "J"],
      costs: { "Envío a domicilio CABA y GBA": null, "Envío a todo el país": 12900 },
    },
    {
      name: "Norte",
      provinces: ["A", "Y", "T", "G", "K", "F", "H", "P", "N", "W"],
      costs: { "Envío a domicilio CABA y GBA": null, "Envío a todo el país": 14900 },
    },
    {
      name: "Patagonia",
      provinces: ["Q", "R", "U", "Z", "V"],
      costs: { "Envío a domicilio CABA y GBA": null, "Envío a todo el país": 16900 },
    },
  ],
  store: {
    name: "Vitec",
    address: "Av. Corrientes 1234, Piso 5, C1043AAZ, Ciudad Autónoma de Buenos Aires",
    whatsapp: "5491100000000",
    phone: "+54 9 11 0000-0000",
    email: "contacto@vitec.com.ar",
    salesEmail: "ventas@vitec.com.ar",
    hours: "Lunes a viernes de 10:00 a 18:00, sábados de 10:00 a 13:30",
    social: {
      instagram: "https://www.instagram.com/vitec.ar",
      facebook: "https://www.facebook.com/vitec.ar",
      linkedin: "https://www.linkedin.com/company/vitec-ar",
      tiktok: "https://www.tiktok.com/@vitec.ar",
    },
    bank: {
      alias: "VITEC.TIENDA.PESOS",
      cbu: "0000003100000000000000",
      holder: "Vitec S.R.L.",
      bankName: "Banco de ejemplo",
    },
  },
  carriers: [
    {
      name: "Correo Argentino",
      trackingUrl: "https://www.correoargentino.com.ar/formularios/e-commerce?id={tracking}",
    },
    { name: "Andreani", trackingUrl: "https://www.andreani.com/envio/{tracking}" },
    { name: "OCA", trackingUrl: "https://www.oca.com.ar/Busquedas/Envios?numero={tracking}" },
    { name: "Moto mensajería", trackingUrl: "" },
    { name: "Retiro en local", trackingUrl: "" },
  ],
  // What the customer hears at each step after the order (each can be turned off in admin).
  email_status_processing: {
    enabled: true,
    subject: "Estamos preparando tu pedido #{{order_id}}",
    html: '<h2>¡Hola, {{customer_name}}!</h2><p>Tu pedido <strong>#{{order_id}}</strong> está en estado <strong>{{status}}</strong>: ya lo estamos preparando.</p>{{items_html}}<p>Total: <strong>{{total}}</strong></p><p><a href="{{order_url}}">Ver mi pedido</a></p>',
  },
  email_status_shipped: {
    enabled: true,
    subject: "Tu pedido #{{order_id}} está en camino",
    html: '<h2>¡Tu pedido está en camino, {{customer_name}}!</h2><p>Despachamos tu pedido <strong>#{{order_id}}</strong> con <strong>{{carrier}}</strong>.</p><p>Número de seguimiento: <strong>{{tracking_number}}</strong></p><p><a href="{{tracking_url}}">Seguir mi envío</a></p><p><a href="{{order_url}}">Ver mi pedido</a></p>',
  },
  email_status_delivered: {
    enabled: true,
    subject: "Tu pedido #{{order_id}} fue entregado",
    html: '<h2>¡Tu pedido llegó, {{customer_name}}!</h2><p>Tu pedido <strong>#{{order_id}}</strong> fue entregado. Esperamos que lo disfrutes.</p><p>Si algo no está bien, respondé este email o escribinos por WhatsApp.</p><p><a href="{{order_url}}">Ver mi pedido</a></p>',
  },
  email_status_cancelled: {
    enabled: true,
    subject: "Tu pedido #{{order_id}} fue cancelado",
    html: '<h2>Hola, {{customer_name}}</h2><p>Tu pedido <strong>#{{order_id}}</strong> fue cancelado.</p><p>Si ya lo habías pagado, te devolvemos el dinero por el mismo medio de pago. Si tenés dudas, respondé este email.</p><p><a href="{{order_url}}">Ver mi pedido</a></p>',
  },
  // Off until staff set up ARCA. The threshold is ARCA's published figure for payments by
  // electronic means (novedad 4511); check the current one each semester.
  invoicing: {
    mode: "off",
    sellerIvaCondition: "responsable_inscripto",
    puntoVenta: 1,
    identificationThreshold: 417288,
  },
  // A product with no weight or size travels as this box until staff set its own (ADR 0018).
  default_parcel: FALLBACK_PARCEL,
  price_reference: { days: DEFAULT_REFERENCE_DAYS },
  // [23/25] Win back the sale (ADR 0021): both e-mails on, one reminder 6 h after the checkout, data kept 30 days.
  win_back: DEFAULT_WIN_BACK,
  email_cart_reminder: {
    enabled: true,
    subject: "Guardamos tu carrito",
    html: '<h2>¡Hola!</h2><p>Guardamos los productos que elegiste. Estos son sus precios de hoy:</p>{{items_html}}<p>Total: <strong>{{total}}</strong></p><p><a href="{{cart_url}}">Volver a mi carrito</a></p><p>El enlace funciona en cualquier dispositivo durante 7 días.</p>',
  },
  email_stock_alert: {
    enabled: true,
    subject: "Volvió a haber stock de {{product_name}}",
    html: '<h2>¡Volvió!</h2><p>Nos pediste que te avisemos: <strong>{{product_name}}</strong> tiene stock otra vez.</p><p><a href="{{product_url}}">Ver el producto</a></p><p>El stock puede agotarse de nuevo: este es el único aviso que te enviamos.</p>',
  },
  exchange_rate: DEFAULT_EXCHANGE_RATE,
};
