/** Cache keys of the family's e-mail addresses (ADR 0033). */
export const mailKeys = {
  contacts: ['contacts'] as const,
};
