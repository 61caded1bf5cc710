/** The lookup lists' cache keys (ADR 0033): the choices of the registration selects and the form classes. */
export const lookupKeys = {
  lookup: (name: string) => ['lookups', name] as const,
};
