import { useState } from "react";
import { PASSWORD_HINT } from "~/domain/password";
import { Checkbox } from "~/components/ui/checkbox";
import { FieldError } from "~/components/ui/field-error";
import { controlClass } from "./checkout-field-input";

/** "Tu cuenta": a guest may create an account with the order's data and a password. */
export function AccountFieldset({ error }: { error?: string }) {
  const [createAccount, setCreateAccount] = useState(false);
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4 sm:p-5">
      <legend className="px-1 text-lg font-semibold text-slate-900">Tu cuenta</legend>
      <label className="mt-1 flex cursor-pointer items-start gap-3 text-sm">
        <Checkbox
          name="createAccount"
          checked={createAccount}
          onChange={(e) => setCreateAccount(e.target.checked)}
          className="mt-0.5"
        />
        <span>
          <span className="font-medium text-slate-900">Crear una cuenta con estos datos</span>
          <span className="block text-slate-600">
            Usamos tu nombre y tu email para que sigas tus pedidos desde Mi Cuenta.
          </span>
        </span>
      </label>
      {createAccount ? (
        <div className="mt-4 max-w-sm">
          <label htmlFor="checkout-password" className="block text-sm font-medium text-slate-800">
            Contraseña
          </label>
          <input
            id="checkout-password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            maxLength={128}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "checkout-password-hint checkout-password-error" : "checkout-password-hint"}
            className={controlClass}
          />
          <p id="checkout-password-hint" className="mt-1 text-xs text-slate-600">
            {PASSWORD_HINT}
          </p>
          <FieldError id="checkout-password" error={error} />
        </div>
      ) : null}
    </fieldset>
  );
}
