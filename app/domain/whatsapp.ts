// Links that open a WhatsApp chat with the store, with a prefilled message.

export function whatsappLink(number: string, text?: string): string {
  const digits = number.replace(/\D/g, "");
  return text ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : `https://wa.me/${digits}`;
}

export function productEnquiryText(productName: string): string {
  return `Hola Vitec, quiero consultar por el producto: ${productName}`;
}
