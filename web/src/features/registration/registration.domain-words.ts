import {
  DEVICE_TYPES,
  DOCUMENT_LABELS,
  LIVING_STATUSES,
  MARITAL_STATUSES,
  SEXES,
  STUDENT_FIELDS,
  chooseFromListMessage,
  earliestBirthDateMessage,
  fillBeforeConfirmMessage,
  flagMessage,
  futureDateMessage,
  messages,
  notReturningMessage,
  stepIncompleteMessage,
  tooLong,
} from '@sp/domain';
import { saveFailedMessage } from '../../components/autosave/save-failure';
import { registrationSteps } from './editor/registration-steps';

/**
 * The English texts the six steps show that are not macros, for registration.po (web/domain-words-extractor.ts):
 * the field table's labels and hints, the fixed choices (stored in English, shown translated), the rules'
 * messages (the same on the form and the server, D15) and the server's answers to a save or a confirmation.
 * Blood types are symbols and stay as they are.
 */
export const TRANSLATED = {
  steps: registrationSteps.flatMap((step) => [step.label, step.menuLabel]),
  labels: STUDENT_FIELDS.map((field) => field.label),
  documents: Object.values(DOCUMENT_LABELS),
  choices: [SEXES, LIVING_STATUSES, MARITAL_STATUSES, DEVICE_TYPES],
  rules: [
    messages.required,
    messages.invalidEmail,
    messages.invalidStudentEmail,
    messages.phoneDigits,
    messages.onlyNumbers,
    messages.phoneHint,
    messages.numberHint,
    messages.dateIncomplete,
    messages.dateNotReal,
    messages.controlCharacters,
    messages.brokenCharacter,
    'Enter text.',
    futureDateMessage,
    earliestBirthDateMessage,
    chooseFromListMessage,
    flagMessage,
    ...new Set(STUDENT_FIELDS.map((field) => tooLong(field.maxLength ?? 255))),
  ],
  server: [
    'Registration is not open for your form at the moment.',
    stepIncompleteMessage,
    fillBeforeConfirmMessage,
    notReturningMessage,
    saveFailedMessage,
  ],
  // Whose each e-mail address is, as the server names it (the Complete step lists the family's addresses).
  addressOwners: ['Student', 'Mother', 'Father', 'Guardian'],
};
