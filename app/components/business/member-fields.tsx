import { Field, InputField } from "~/components/ui/field";
import { type FormAnswer, answerField } from "~/components/ui/inline-form";
import { RoleSelect } from "./role-select";

/** A new member's e-mail and role, as staff (Admin > Empresas) and approvers (Mi Cuenta) add one. */
export function MemberFields({ answer, label, hint }: { answer: FormAnswer | undefined; label: string; hint: string }) {
  return (
    <>
      <InputField {...answerField(answer, "member", "email")} label={label} type="email" hint={hint} />
      <Field id="member-role" label="Rol" error={answer?.errors.role}>
        <RoleSelect id="member-role" defaultValue={answer?.values.role || "buyer"} error={answer?.errors.role} />
      </Field>
    </>
  );
}
