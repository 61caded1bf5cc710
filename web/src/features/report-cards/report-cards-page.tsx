import { useCurrentUser } from '../../api/me';
import { readSession } from '../../api/session';
import { useDocumentTitle } from '../../components/use-document-title';
import { ReportCardList } from './report-card-list';
import { useLingui } from '@lingui/react/macro';

/** /term-reports: the signed-in student's (or parent's) report cards; unposted ones are greyed (D3). */
export function ReportCardsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Term Reports`);
  const me = useCurrentUser();
  const studentId = readSession().userId ?? me.data?.student_id ?? '';
  return <ReportCardList studentId={studentId} staff={false} />;
}
