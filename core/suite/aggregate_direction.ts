/** Whether a rise of the aggregate's figure is an improvement: declared, or true by default. */
export function higherIsBetter(spec: { higher_is_better?: boolean }): boolean {
  return spec.higher_is_better ?? true;
}
