/**
 * D50's constants and messages, apart from its schemas: the sign-in pages and the API client need these in the
 * first script, and the schemas (with zod) load later.
 */

/** D50: parent accounts. A child has at most this many linked parent accounts. */
export const MAX_PARENTS_PER_CHILD = 4;

/**
 * A family code: eight characters from an alphabet without look-alikes (no 0/O, 1/I/L), shown as XXXX-XXXX.
 * 31^8 ≈ 8.5 × 10^11 codes, with attempts limited per account and per client address.
 */
export const FAMILY_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const FAMILY_CODE_LENGTH = 8;

/** What a parent types, in any case, with or without the dash or spaces, as the stored XXXX-XXXX. */
export function normaliseFamilyCode(typed: string): string {
  const bare = typed.toUpperCase().replace(/[\s-]/g, '');
  return bare.length === FAMILY_CODE_LENGTH ? `${bare.slice(0, 4)}-${bare.slice(4)}` : bare;
}

export const parentMessages = {
  codeNotValid:
    'That student ID and family code do not match. Check the letter from the school, or ask the office for a new code.',
  tooManyParents: `This child already has ${MAX_PARENTS_PER_CHILD} parent accounts linked. Ask the school office to unlink one first.`,
  alreadyLinked: 'This child is already linked to your account.',
  notConfirmed:
    'Confirm your e-mail address first: open the link we sent you. You can ask for a new one below.',
  deactivated: 'This parent account has been turned off by the school. Please contact the school office.',
  signUpSent:
    'Check your e-mail: we sent a link to confirm the address. Open it within 7 days, then sign in. If you already have an account, the e-mail says so.',
  confirmationResent:
    'If this address has a parent account waiting for confirmation, we have sent a new link to it. It works for 7 days.',
  inviteSent: 'Invitation sent. The link in it works for 7 days.',
  inviteNeedsConfirmed:
    'Confirm this address first (on the E-mail addresses page); invitations go only to confirmed addresses.',
  wrongPassword: 'The e-mail address or password is incorrect.',
  notYourChild: 'You are not linked to this student.',
} as const;

/**
 * The header a parent's page sends with every request: the child it shows (a tab each, D50). Routes that name
 * a student in their path or body act for that one; the others act for this one.
 */
export const CHILD_HEADER = 'x-student-id';
