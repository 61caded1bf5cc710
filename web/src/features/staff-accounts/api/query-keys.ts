/** The staff accounts' cache keys (ADR 0033). */
const staffUsers = ['staff-users'] as const;

export const staffKeys = {
  all: staffUsers,
  signIns: (id: number) => [...staffUsers, id, 'sign-ins'] as const,
};
