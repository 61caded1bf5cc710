import { useSubjectChange } from './api/term-results';

/** What a form offers: a subject, its weights for every term or one term. */
export interface OfferBody {
  subject_id: number;
  form_level: number;
  term_id: number | null;
  course_weight: number;
  exam_weight: number;
}

/**
 * The three changes the Subjects section makes, and the error of whichever of a form's subjects failed (a new
 * subject's refusal shows with its own form).
 */
export function useSubjectChanges() {
  const addSubject = useSubjectChange<{ code: string; title: string }>('/api/subjects');
  const offer = useSubjectChange<OfferBody>('/api/form-subjects');
  const remove = useSubjectChange<{ id: number }>('/api/form-subjects/remove');
  const failure = [offer, remove].find((m) => m.isError)?.error;
  return { addSubject, offer, remove, failure };
}
