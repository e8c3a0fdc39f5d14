import { Form, useActionData, useNavigation } from "react-router";
import type { Profile } from "~/models/profile.server";
import type { ToastInput } from "~/schemas/toast";
import { useActionResult } from "../use-action-result";
import { Button } from "../ui/button";
import { InputField, inputClass } from "../ui/field";
import { cn } from "~/utils/cn";

export type ProfileActionData = {
  ok: boolean;
  errors: Record<string, string | undefined>;
  values: Partial<Record<keyof Profile, string>>;
  toast: ToastInput;
};

/** On top of the kit's input: phone-sized text, and the read-only email greyed. */
const controlClass = cn(inputClass, "text-base text-slate-900 read-only:bg-slate-100 read-only:text-slate-600");

type FieldName = Exclude<keyof Profile, "email">;

const FIELDS: {
  name: FieldName;
  label: string;
  autoComplete: string;
  type?: string;
  optional?: boolean;
  wide?: boolean;
}[] = [
  { name: "fullName", label: "Nombre completo", autoComplete: "name", wide: true },
  { name: "phone", label: "Teléfono", autoComplete: "tel", type: "tel", optional: true },
  { name: "address", label: "Dirección", autoComplete: "street-address", optional: true },
  { name: "city", label: "Ciudad", autoComplete: "address-level2", optional: true },
  { name: "state", label: "Provincia", autoComplete: "address-level1", optional: true },
  { name: "zipCode", label: "Código postal", autoComplete: "postal-code", optional: true },
];

/** Profile tab: editable name, phone and address; the e-mail is shown but belongs to the account. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const result = useActionData<ProfileActionData>();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "profile";
  const errors = result && !result.ok ? result.errors : {};
  const values = result && !result.ok ? result.values : profile;

  useActionResult(result, navigation.state);

  return (
    <Form method="post" noValidate className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="profile" />
      <InputField
        id="profile-email"
        label="Email"
        hint="El email de tu cuenta no se puede cambiar desde acá."
        className="sm:col-span-2"
        type="email"
        value={profile.email}
        readOnly
        aria-describedby="profile-email-hint"
        baseClassName={controlClass}
      />
      {FIELDS.map((field) => {
        const id = `profile-${field.name}`;
        const error = errors[field.name];
        return (
          <InputField
            key={field.name}
            id={id}
            label={
              <>
                {field.label}
                {field.optional ? <span className="font-normal text-slate-600"> (opcional)</span> : null}
              </>
            }
            error={error}
            className={field.wide ? "sm:col-span-2" : undefined}
            name={field.name}
            type={field.type ?? "text"}
            autoComplete={field.autoComplete}
            required={!field.optional}
            defaultValue={values[field.name] ?? ""}
            baseClassName={controlClass}
          />
        );
      })}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={saving}>
          {saving ? "Guardando..." : "Guardar cambios"}
        </Button>
      </div>
    </Form>
  );
}
