import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useActionResult } from "~/components/use-action-result";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import type { SettingKey } from "~/domain/settings";
import type { SettingFormErrors } from "~/schemas/settings";
import type { ToastInput } from "~/schemas/toast";

/** What the settings action answers to one card. */
export type SettingActionData = { ok: boolean; key: string; errors?: SettingFormErrors; toast: ToastInput };

type CardProps = {
  settingKey: SettingKey;
  title: string;
  description?: ReactNode;
  /** The card's inputs, given the messages of the last failed save (by input name). */
  children: (errors: SettingFormErrors) => ReactNode;
  /** Runs after a successful save (the loader data is fresh by then). */
  onSaved?: () => void;
  /** Bumped by the card when its rows are added, removed or moved: old row errors no longer apply. */
  shapeVersion?: number;
};

/**
 * One settings card, saved on its own (spec 2): its own form, Guardar button and a status line
 * that screen readers announce; the toast says "Guardado" or which setting failed.
 */
export function SettingsCard({ settingKey, title, description, children, onSaved, shapeVersion = 0 }: CardProps) {
  const fetcher = useFetcher<SettingActionData>();
  const [errors, setErrors] = useState<SettingFormErrors>({});
  const [status, setStatus] = useState("");
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  const saving = fetcher.state !== "idle";

  useActionResult(fetcher.data, fetcher.state, (answered) => {
    setErrors(answered.errors ?? {});
    setStatus(answered.ok ? "Cambios guardados." : "No se guardaron los cambios: revisá los campos marcados.");
    if (answered.ok) onSavedRef.current?.();
  });

  useEffect(() => {
    setErrors({});
  }, [shapeVersion]);

  const listError = errors.rows;
  return (
    <CardFrame title={title} description={description}>
      <fetcher.Form method="post" noValidate>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="key" value={settingKey} />
        <div className="px-4 py-4 sm:px-5">
          {children(errors)}
          {listError ? (
            <p role="alert" className="mt-3 text-sm text-red-700">
              {listError}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 px-4 py-3 sm:px-5">
          <p role="status" className="mr-auto text-sm text-slate-600">
            {saving ? "Guardando…" : status}
          </p>
          <Button type="submit" disabled={saving}>
            {saving ? "Guardando..." : "Guardar"}
          </Button>
        </div>
      </fetcher.Form>
    </CardFrame>
  );
}

/**
 * The frame of a card of Configuración: a section named by its title, the description under it,
 * then the card's body (a SettingsCard's form, or a card that only shows).
 */
export function CardFrame({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="border-b border-slate-200 px-4 py-3 sm:px-5">
        <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        {description ? <div className="mt-1 text-sm text-slate-600">{description}</div> : null}
      </div>
      {children}
    </section>
  );
}
