import { cn } from "~/utils/cn";

export function EnquiryStateBadge({ handled }: { handled: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset",
        handled ? "bg-green-100 text-green-800 ring-green-600/20" : "bg-yellow-100 text-yellow-900 ring-yellow-600/30",
      )}
    >
      {handled ? "Atendida" : "Pendiente"}
    </span>
  );
}
