import { CHECKOUT_REMINDER_NOTICE } from "~/domain/win-back";

/** [23/25] The checkout's one line on cart reminders and how to opt out (Ley 25.326 art. 27). */
export function CheckoutReminderNotice() {
  return (
    <p className="mt-2 text-sm text-slate-600" data-testid="reminder-notice">
      {CHECKOUT_REMINDER_NOTICE}
    </p>
  );
}
