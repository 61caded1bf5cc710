import type { RegistrationStep, StudentRecord, StudentYear } from '@sp/domain';
import { createContext, useContext } from 'react';

export interface StudentRecordContextValue {
  studentId: string;
  /** Staff edit any student at any time and may set the staff-only fields (class, house). */
  staff: boolean;
  /** Where each step of this editor lives (the student's /registration/… or a staff page). */
  stepPath: (step: RegistrationStep) => string;
  /** The cached record: saves update it, so values and step marks stay current. */
  record: StudentRecord;
  /** Registration is open for the student's form (D13), or staff are editing; otherwise fields are disabled. */
  editable: boolean;
  /**
   * The family's place in the current school year (D49): a returning student confirms steps unchanged and is
   * asked to check the yearly answers. Null on staff's page of a student.
   */
  year: StudentYear | null;
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

export const StudentRecordContext = createContext<StudentRecordContextValue | null>(null);

export function useStudentRecord(): StudentRecordContextValue {
  const value = useContext(StudentRecordContext);
  if (!value) throw new Error('useStudentRecord must be used inside the student-record editor.');
  return value;
}
