/** The signed-in staff member's own second factor (ADR 0033). */
export const secondFactorKeys = {
  status: ['second-factor'] as const,
};
