/**
 * What the first screens check with: the sign-in forms' schemas, the answers the app asks for before anyone
 * is signed in, the field of a refusal that asks for the second factor again (D51), and zod itself. A chunk of its own, loaded when someone starts typing or when the first answer
 * needs it, so the sign-in page paints without it (import it only through `loadSignInChecks`).
 */
export {
  adminLoginResponseSchema,
  adminLoginSchema,
  changePasswordResponseSchema,
  changeStaffPasswordResponseSchema,
  currentUserSchema,
  forgotPasswordResponseSchema,
  FRESH_FACTOR_FIELD,
  parentAccountSchema,
  parentLoginSchema,
  secondFactorCodeSchema,
  studentLoginResponseSchema,
  studentLoginSchema,
  webauthnOptionsResponseSchema,
} from '@sp/domain';
