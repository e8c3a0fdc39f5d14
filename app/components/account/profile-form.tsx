import { Form, useActionData, useNavigation } from "react-router";
import type { Profile } from "~/models/profile.server";
import type { ToastInput } from "~/schemas/toast";
import { useActionResult } from "../use-action-result";
import { Button } from "../ui/button";

export type ProfileActionData = {
  ok: boolean;
  errors: Record<string, string | undefined>;
  values: Partial<Record<keyof Profile, string>>;
  toast: ToastInput;
};

const controlClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-600 read-only:bg-slate-100 read-only:text-slate-600";

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
      <div className="sm:col-span-2">
        <label htmlFor="profile-email" className="block text-sm font-medium text-slate-800">
          Email
        </label>
        <input
          id="profile-email"
          type="email"
          value={profile.email}
          readOnly
          aria-describedby="profile-email-hint"
          className={controlClass}
        />
        <p id="profile-email-hint" className="mt-1 text-xs text-slate-600">
          El email de tu cuenta no se puede cambiar desde acá.
        </p>
      </div>
      {FIELDS.map((field) => {
        const id = `profile-${field.name}`;
        const error = errors[field.name];
        return (
          <div key={field.name} className={field.wide ? "sm:col-span-2" : undefined}>
            <label htmlFor={id} className="block text-sm font-medium text-slate-800">
              {field.label}
              {field.optional ? <span className="font-normal text-slate-600"> (opcional)</span> : null}
            </label>
            <input
              id={id}
              name={field.name}
              type={field.type ?? "text"}
              autoComplete={field.autoComplete}
              required={!field.optional}
              defaultValue={values[field.name] ?? ""}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={controlClass}
            />
            {error ? (
              <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </div>
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
