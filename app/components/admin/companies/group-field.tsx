import { Field, Select } from "~/components/ui/field";
import { fieldAria } from "~/components/ui/field-error";
import type { CustomerGroup } from "~/models/companies.server";

/** "Grupo de clientes" (name "groupId"): the review of a company and the conversion of an enquiry. */
export function GroupField({
  id,
  groups,
  defaultValue,
  error,
  none,
  missing,
}: {
  id: string;
  groups: CustomerGroup[];
  defaultValue: string;
  error: string | undefined;
  /** The empty option's text. */
  none: string;
  /** The hint while there is no group at all. */
  missing: string;
}) {
  return (
    <Field id={id} label="Grupo de clientes" error={error} hint={groups.length === 0 ? missing : undefined}>
      <Select id={id} name="groupId" defaultValue={defaultValue} {...fieldAria(id, error)}>
        <option value="">{none}</option>
        {groups.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}
