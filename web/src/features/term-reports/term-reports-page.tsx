import { useCurrentUser } from '../../api/me';
import { readSession } from '../../api/session';
import { useDocumentTitle } from '../../components/use-document-title';
import { TermReportList } from './term-report-list';

/** /term-reports: the signed-in student's (or parent's) report cards; unposted ones are greyed (D3). */
export function TermReportsPage() {
  useDocumentTitle('Term Reports');
  const me = useCurrentUser();
  const studentId = readSession().userId ?? me.data?.student_id ?? '';
  return <TermReportList studentId={studentId} staff={false} />;
}
