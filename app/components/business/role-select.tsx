import { Select } from "~/components/ui/field";
import { fieldAria } from "~/components/ui/field-error";
import { COMPANY_ROLES, COMPANY_ROLE_LABELS } from "~/domain/business";

/** A company member's role, buyer or approver (name "role"), as staff and approvers choose it. */
export function RoleSelect({ id, defaultValue, error }: { id: string; defaultValue: string; error?: string }) {
  return (
    <Select id={id} name="role" defaultValue={defaultValue} {...fieldAria(id, error)}>
      {COMPANY_ROLES.map((r) => (
        <option key={r} value={r}>
          {COMPANY_ROLE_LABELS[r]}
        </option>
      ))}
    </Select>
  );
}
