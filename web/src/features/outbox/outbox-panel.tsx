import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { OUTBOX_PAGE_SIZE, OUTBOX_STATUSES, type OutboxRow, type OutboxStatus } from '@sp/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { useDocumentTitle } from '../../components/use-document-title';
import { useOutboxPage } from './api/get-outbox';
import { STATUS_LABELS } from './labels';
import { OutboxRows } from './outbox-rows';
import { PreviewDialog } from './preview-dialog';
import { ResendDialog } from './resend-dialog';
import { StatusFilter } from './status-filter';

export const NOT_CONFIGURED = msg`No mail server is configured (SMTP_URL): e-mails stay here, not sent.`;

const statusOf = (value: string | null) => OUTBOX_STATUSES.find((s) => s === value);
const pageOf = (value: string | null) => Math.max(1, Math.floor(Number(value)) || 1);

type Open = { kind: 'preview' | 'resend'; row: OutboxRow } | null;

/**
 * Outbox (D52, the admin role): every e-mail the portal wrote, whether it went out and why not. The status and
 * the page are in the address, so Back and a bookmark return to the same list.
 */
export function OutboxPanel() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Outbox`);
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const page = pageOf(params.get('page'));
  const list = useOutboxPage(status, page);
  const [open, setOpen] = useState<Open>(null);
  const show = (next: { status?: OutboxStatus; page?: number }) =>
    setParams(
      {
        ...(next.status ? { status: next.status } : {}),
        ...(next.page && next.page > 1 ? { page: String(next.page) } : {}),
      },
      { replace: false },
    );
  const data = list.data;
  const problem = list.isError ? errorMessage(list.error) : '';
  const statusLabel = status ? i18n._(STATUS_LABELS[status]) : '';

  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        <Trans>Outbox</Trans>
      </Typography>
      {data && !data.configured && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {i18n._(NOT_CONFIGURED)}
        </Alert>
      )}
      <StatusFilter value={status} counts={data?.counts} onChange={(next) => show({ status: next })} />
      {list.isPending && <CircularProgress aria-label={t`Loading the e-mails`} />}
      {list.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              <Trans>Retry</Trans>
            </Button>
          }
        >
          <Trans>The e-mails could not be loaded: {problem}</Trans>
        </Alert>
      )}
      {data && data.rows.length === 0 && (
        <Typography>
          {status ? t`No e-mail has the status “${statusLabel}”.` : t`No e-mail has been written yet.`}
        </Typography>
      )}
      {data && data.rows.length > 0 && (
        <>
          <OutboxRows
            rows={data.rows}
            onPreview={(row) => setOpen({ kind: 'preview', row })}
            onResend={(row) => setOpen({ kind: 'resend', row })}
          />
          <TablePagination
            component="div"
            count={data.total}
            page={Math.min(page - 1, Math.max(0, Math.ceil(data.total / OUTBOX_PAGE_SIZE) - 1))}
            rowsPerPage={OUTBOX_PAGE_SIZE}
            rowsPerPageOptions={[OUTBOX_PAGE_SIZE]}
            onPageChange={(_e, p) => show({ status, page: p + 1 })}
            disabled={list.isFetching}
          />
        </>
      )}
      {open?.kind === 'preview' && <PreviewDialog row={open.row} onClose={() => setOpen(null)} />}
      {open?.kind === 'resend' && <ResendDialog row={open.row} onClose={() => setOpen(null)} />}
    </>
  );
}
