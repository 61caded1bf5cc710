import type { StudentRecord } from '@sp/domain';
import { createContext, useContext } from 'react';

export interface RegistrationContextValue {
  studentId: string;
  /** The cached record: saves update it, so values and step marks stay current. */
  record: StudentRecord;
  /** Registration is open for the student's form (D13); otherwise every field is disabled. */
  editable: boolean;
  /** The school's date (yyyy-MM-dd): dates may not be later. */
  today: string;
  learningChallengesEnabled: boolean;
  /** The user has moved between steps: a newly shown step puts focus on its title. */
  movedBetweenSteps: boolean;
  /** Saves one field and updates the cached record; rejects with an ApiError. */
  saveField: (name: string, value: string | number) => Promise<void>;
  /** The server refused a save (registration closed): the banner says why. */
  onRejected: (message: string) => void;
  /** A save met a 401: let the app's session-expired handling run. */
  onSignedOut: () => void;
}

export const RegistrationContext = createContext<RegistrationContextValue | null>(null);

export function useRegistration(): RegistrationContextValue {
  const value = useContext(RegistrationContext);
  if (!value) throw new Error('useRegistration must be used inside the registration layout.');
  return value;
}
