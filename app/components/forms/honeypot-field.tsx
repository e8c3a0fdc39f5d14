import { HONEYPOT_FIELD } from "~/schemas/form-limits";

/**
 * A field hidden from people (visually, from screen readers and from the tab order) that
 * form-filling bots tend to fill; the server drops any submission where it is not empty.
 */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="sr-only">
      <label>
        No completes este campo
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
