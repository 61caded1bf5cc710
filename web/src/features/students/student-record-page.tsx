import { useCallback } from 'react';
import { useParams } from 'react-router';
import type { RegistrationStep } from '@sp/domain';
import { StudentRecordEditor } from '../../components/student-record/student-record-editor';
import { paths } from '../../paths';

/** /admin/students/{id}/record/*: staff edit a student's whole registration record, at any time. */
export function StudentRecordPage() {
  const studentId = useParams().studentId ?? '';
  const stepPath = useCallback(
    (step: RegistrationStep) => paths.admin.studentRecord(studentId, step),
    [studentId],
  );
  return <StudentRecordEditor key={studentId} studentId={studentId} staff stepPath={stepPath} />;
}
