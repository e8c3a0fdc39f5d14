import { Pencil, Trash2 } from "lucide-react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { cn } from "~/utils/cn";

const ACTIONS = {
  edit: { text: "Editar", Icon: Pencil, className: "" },
  delete: { text: "Eliminar", Icon: Trash2, className: "text-red-700 hover:bg-red-50 hover:text-red-800" },
} as const;

/**
 * A table row's Editar or Eliminar button, alike in every admin table: `label` names the row for
 * screen readers; `text` shows the word always, from the sm breakpoint, or never (an icon button
 * with a tooltip).
 */
export function RowActionButton({
  action,
  label,
  text = "always",
  className,
  ...props
}: Omit<ButtonProps, "children" | "aria-label"> & {
  action: keyof typeof ACTIONS;
  label: string;
  text?: "always" | "sm" | "never";
}) {
  const { text: word, Icon, className: tone } = ACTIONS[action];
  return (
    <Button
      variant="ghost"
      size={text === "never" ? "icon-sm" : "sm"}
      aria-label={label}
      title={text === "never" ? word : undefined}
      className={cn(tone, className)}
      {...props}
    >
      <Icon aria-hidden className="size-4" />
      {text === "never" ? null : <span className={text === "sm" ? "hidden sm:inline" : undefined}>{word}</span>}
    </Button>
  );
}
