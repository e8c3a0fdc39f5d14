import { data } from "react-router";
import type { Route } from "./+types/company-members";
import type { FormAnswer } from "~/components/ui/inline-form";
import { cancelInvitationAsApprover, changeMembersAsApprover } from "~/models/company-members.server";
import { MyCompanyMemberSchema } from "~/schemas/business";
import type { ToastInput } from "~/schemas/toast";
import { requireUser } from "~/utils/auth.server";
import { echoFields, parseForm, readForm } from "~/utils/request.server";

// [25/25] POST /cuenta/empresa: an approver changes the members of their own company from Mi
// Cuenta (ADR 0022). The company is the signed-in user's; the model refuses a buyer, another
// company's member and taking the role from the last approver.

export type CompanyMembersAnswer = FormAnswer & { ok: boolean; intent: string; toast: ToastInput };

const DONE: Record<string, (email: string) => ToastInput> = {
  "member-add": (email) => ({
    type: "success",
    title: "Miembro agregado",
    description: `${email} ya compra para la empresa.`,
  }),
  "member-invited": (email) => ({
    type: "success",
    title: "Invitación enviada",
    description: `${email} no tiene cuenta: le mandamos un email para que la cree y se sume.`,
  }),
  "member-role": (email) => ({ type: "success", title: "Rol actualizado", description: email }),
  "member-remove": (email) => ({
    type: "success",
    title: "Miembro quitado",
    description: `${email} ya no compra para la empresa.`,
  }),
  "invitation-cancel": (email) => ({ type: "success", title: "Invitación cancelada", description: email }),
};

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const values = echoFields(form, ["email", "role"], 300);
  const parsed = parseForm(MyCompanyMemberSchema, form);
  const refuse = (errors: Record<string, string>) =>
    data<CompanyMembersAnswer>(
      {
        ok: false,
        intent,
        errors,
        values,
        toast: { type: "error", title: "No se pudo guardar", description: Object.values(errors)[0] },
      },
      { status: 400 },
    );
  if (!parsed.ok) return refuse(parsed.errors);
  const change = parsed.data;
  const actor = { id: user.id, email: user.email };
  const result =
    change.intent === "invitation-cancel"
      ? await cancelInvitationAsApprover(actor, change.invitationId)
      : await changeMembersAsApprover(
          actor,
          change.intent === "member-add"
            ? { kind: "add", email: change.email, role: change.role }
            : change.intent === "member-role"
              ? { kind: "role", userId: change.userId, role: change.role }
              : { kind: "remove", userId: change.userId },
        );
  if (!result.ok) return refuse(result.errors);
  const done = change.intent === "member-add" && result.outcome === "invited" ? "member-invited" : change.intent;
  return data<CompanyMembersAnswer>({ ok: true, intent, errors: {}, values: {}, toast: DONE[done]!(result.email) });
}
