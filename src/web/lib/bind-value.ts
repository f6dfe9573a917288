/**
 * A text control's value and the handler that keeps it, for spreading on an input, a textarea or a
 * select: `<Field label="Email" {...bindValue(email, setEmail)} />`.
 */
export function bindValue(value: string, set: (value: string) => void) {
  return { value, onChange: (e: { target: { value: string } }) => set(e.target.value) };
}
