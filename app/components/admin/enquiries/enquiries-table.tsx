import { Link, useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { TD, THeadRow, TR, Table } from "~/components/ui/table";
import type { EnquirySummary } from "~/models/enquiries.server";
import { FORM_TYPE_LABELS } from "~/schemas/admin";
import { cn } from "~/utils/cn";
import { EnquiryStateBadge } from "./enquiry-state-badge";

/** Newest first; "Ver" opens the enquiry (its id goes in the URL, so it can be linked). */
export function EnquiriesTable({ enquiries }: { enquiries: EnquirySummary[] }) {
  const location = useLocation();
  const hrefFor = (id: string) => {
    const params = new URLSearchParams(location.search);
    params.set("id", id);
    return `?${params.toString()}`;
  };
  return (
    <Table caption="Consultas, de la más nueva a la más antigua">
      <THeadRow
        columns={[
          ["Fecha", "hidden sm:table-cell"],
          "Contacto",
          ["Formulario", "hidden md:table-cell"],
          ["Mensaje", "hidden lg:table-cell"],
          "Estado",
          "Acciones",
        ]}
      />
      <tbody>
        {enquiries.map((enquiry) => (
          <TR key={enquiry.id} className={cn(!enquiry.handled && "bg-yellow-50/40")}>
            <TD className="hidden whitespace-nowrap text-slate-600 sm:table-cell">
              <time dateTime={enquiry.createdAt}>{enquiry.createdAtLabel}</time>
            </TD>
            <TD>
              <span className={cn(!enquiry.handled && "font-semibold")}>{enquiry.name}</span>
              <span className="block text-xs break-all text-slate-500">{enquiry.email}</span>
              <span className="block text-xs text-slate-500 md:hidden">{FORM_TYPE_LABELS[enquiry.formType]}</span>
            </TD>
            <TD className="hidden md:table-cell">{FORM_TYPE_LABELS[enquiry.formType]}</TD>
            <TD className="hidden max-w-md text-slate-700 lg:table-cell">
              {enquiry.subject ? <span className="block font-medium">{enquiry.subject}</span> : null}
              <span className="line-clamp-2">{enquiry.preview}</span>
            </TD>
            <TD>
              <EnquiryStateBadge handled={enquiry.handled} />
            </TD>
            <TD>
              <Link
                to={hrefFor(enquiry.id)}
                preventScrollReset
                className={buttonVariants({ variant: "outline", size: "sm" })}
                aria-label={`Ver la consulta de ${enquiry.name}`}
              >
                Ver
              </Link>
            </TD>
          </TR>
        ))}
      </tbody>
    </Table>
  );
}
