/** The `<option>`s of a select: `options` as value and label, or `values` shown by their `labels`. */
export function Options<T extends string>(
  props:
    | { options: readonly { value: string; label: string }[] }
    | { values: readonly T[]; labels: Readonly<Record<T, string>> },
) {
  const options =
    "options" in props ? props.options : props.values.map((value) => ({ value, label: props.labels[value] }));
  return options.map(({ value, label }) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));
}
