import type { AdminStudent } from '@sp/domain';
import { lazy, Suspense, useCallback, useState } from 'react';
import { LoadingOverlay } from '../../components/loading-overlay';
import { useDocumentTitle } from '../../components/use-document-title';
import { CompletionDashboard, PendingFilterBar, type PendingFilter } from '../completion';
import { YearHeading, useSchoolYear, withYear } from '../school-years';
import { useCurrentYearLabel } from './use-current-year-label';
import type { StudentDialog } from './student-row-actions';
import { StudentsTable } from './students-table';
import { Trans, useLingui } from '@lingui/react/macro';

// The dialogs load when first opened.
const PdfDialog = lazy(async () => ({ default: (await import('../../components/pdf-dialog')).PdfDialog }));
const EditStudentDialog = lazy(async () => ({
  default: (await import('./dialogs/edit-student-dialog')).EditStudentDialog,
}));
const ResetPasswordDialog = lazy(async () => ({
  default: (await import('./dialogs/reset-password-dialog')).ResetPasswordDialog,
}));
const WithdrawDialog = lazy(async () => ({
  default: (await import('./dialogs/withdraw-dialog')).WithdrawDialog,
}));

const ReenrolDialog = lazy(async () => ({
  default: (await import('./dialogs/reenrol-dialog')).ReenrolDialog,
}));

/** /admin/dashboard: the students table with its row actions (spec section 2, Dashboard panel). */
export function StudentsPanel() {
  const { t } = useLingui();
  useDocumentTitle(t`Students`);
  const [open, setOpen] = useState<{ dialog: StudentDialog; student: AdminStudent } | null>(null);
  const onOpen = useCallback(
    (dialog: StudentDialog, student: AdminStudent) => setOpen({ dialog, student }),
    [],
  );
  const close = () => setOpen(null);
  const [filter, setFilter] = useState<PendingFilter | null>(null);
  const student = open?.student;
  const name = student ? `${student.first_name} ${student.last_name}` : '';
  const { year } = useSchoolYear();
  const currentLabel = useCurrentYearLabel();
  return (
    <>
      <YearHeading>
        <Trans>Students</Trans>
      </YearHeading>
      <CompletionDashboard onFilter={setFilter} />
      {filter && (
        <PendingFilterBar key={JSON.stringify(filter)} filter={filter} onClear={() => setFilter(null)} />
      )}
      <StudentsTable onOpen={onOpen} pending={filter} />
      <Suspense fallback={<LoadingOverlay open />}>
        {open?.dialog === 'form' && student && (
          <PdfDialog
            title={t`Registration Form: ${name}`}
            src={withYear(`/api/registration-form/${encodeURIComponent(student.id)}`, year)}
            onClose={close}
          />
        )}
        {open?.dialog === 'edit' && student && <EditStudentDialog student={student} onClose={close} />}
        {open?.dialog === 'reset' && student && <ResetPasswordDialog student={student} onClose={close} />}
        {open?.dialog === 'withdraw' && student && <WithdrawDialog student={student} onClose={close} />}
        {open?.dialog === 'reenrol' && student && currentLabel && (
          <ReenrolDialog student={student} yearLabel={currentLabel} onClose={close} />
        )}
      </Suspense>
    </>
  );
}
