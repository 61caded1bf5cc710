/** The signed-in staff member's own account (ADR 0033). */
export const staffEmailKeys = {
  account: ['admin-account'] as const,
};
