import { Mail } from "lucide-react";
import { useActionResult } from "~/components/use-action-result";
import { type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import type { Enquiry } from "~/models/enquiries.server";
import { FORM_TYPE_LABELS } from "~/schemas/admin";
import type { ToastInput } from "~/schemas/toast";
import type { CustomerGroup } from "~/models/companies.server";
import { type ConvertAnswer, ConvertEnquiryForm } from "./convert-enquiry-form";
import { EnquiryStateBadge } from "./enquiry-state-badge";

/** "Crear empresa" from an /empresas enquiry: where it opens, and the open form's data. */
export type EnquiryConversion = {
  openTo: string;
  closeTo: string;
  form: { groups: CustomerGroup[]; answer: ConvertAnswer | undefined } | null;
};

export type EnquiryActionData = { ok: boolean; toast: ToastInput };

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[9rem_1fr]">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * Every field of one enquiry, with "Marcar como atendida" (or back to pending); an /empresas
 * enquiry also "Crear empresa" (the conversion form in place of the fields) or its company's link.
 */
export function EnquiryDialog({
  enquiry,
  onClose,
  conversion,
}: {
  enquiry: Enquiry;
  onClose: () => void;
  conversion: EnquiryConversion;
}) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={`Consulta de ${enquiry.name}`}
        description={FORM_TYPE_LABELS[enquiry.formType]}
        size="max-w-2xl"
      >
        {conversion.form ? (
          <ConvertEnquiryForm enquiry={enquiry} cancelTo={conversion.closeTo} {...conversion.form} />
        ) : (
          <EnquiryDetails enquiry={enquiry} conversion={conversion} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function EnquiryDetails({ enquiry, conversion }: { enquiry: Enquiry; conversion: EnquiryConversion }) {
  const fetcher = useFetcher<EnquiryActionData>();
  useActionResult(fetcher.data, fetcher.state);
  const saving = fetcher.state !== "idle";
  const subject = enquiry.subject ? `Re: ${enquiry.subject}` : "Tu consulta en Vitec";
  const convertible = enquiry.formType === "b2b_contact" && !enquiry.company;
  return (
    <>
      <dl className="divide-y divide-slate-100">
        <Row label="Recibida">
          <time dateTime={enquiry.createdAt}>{enquiry.createdAtLabel}</time>
        </Row>
        <Row label="Estado">
          <EnquiryStateBadge handled={enquiry.handled} />
          {enquiry.handledAtLabel ? <span className="ml-2 text-slate-600">el {enquiry.handledAtLabel}</span> : null}
        </Row>
        <Row label="Nombre">{enquiry.name}</Row>
        <Row label="Email">
          <a href={`mailto:${enquiry.email}`} className="text-brand-700 underline">
            {enquiry.email}
          </a>
        </Row>
        <Row label="Teléfono">
          {enquiry.phone ? (
            <a href={`tel:${enquiry.phone.replace(/[^\d+]/g, "")}`} className="text-brand-700 underline">
              {enquiry.phone}
            </a>
          ) : (
            "—"
          )}
        </Row>
        <Row label="Empresa">{enquiry.companyName || "—"}</Row>
        {enquiry.company ? (
          <Row label="Convertida en">
            <Link to={`/admin/empresas?revisar=${enquiry.company.id}`} className="text-brand-700 underline">
              {enquiry.company.legalName}
            </Link>
          </Row>
        ) : null}
        <Row label="Asunto">{enquiry.subject || "—"}</Row>
        <Row label="Mensaje">
          <p className="whitespace-pre-wrap">{enquiry.message}</p>
        </Row>
      </dl>
      <div className="mt-4 flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <a
          href={`mailto:${enquiry.email}?subject=${encodeURIComponent(subject)}`}
          className={buttonVariants({ variant: "outline" })}
        >
          <Mail aria-hidden className="size-4" /> Responder por email
        </a>
        {convertible ? (
          <Link to={conversion.openTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            Crear empresa
          </Link>
        ) : null}
        <fetcher.Form method="post">
          <input type="hidden" name="id" value={enquiry.id} />
          <Button
            type="submit"
            name="intent"
            value={enquiry.handled ? "mark-pending" : "mark-handled"}
            disabled={saving}
          >
            {saving ? "Guardando..." : enquiry.handled ? "Marcar como pendiente" : "Marcar como atendida"}
          </Button>
        </fetcher.Form>
      </div>
    </>
  );
}
